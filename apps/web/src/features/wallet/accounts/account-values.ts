import {
  ACCOUNT_KIND_LABELS,
  ACCOUNT_KINDS,
  type Account,
  type AccountBody,
  type AccountKind,
  type AccountUpdateBody,
  accountBody,
} from '@helo/contract/accounts';
import { z } from 'zod';
import { amountOf, amountText, isAmountText } from '../../../components/ui/currency-rules.ts';
import { formatDollars } from '../../../lib/display-format.ts';

/**
 * An account as its form holds it: the wire's names (so the server's field errors land on their
 * fields), the opening balance as the currency input's string, always positive: what the account held,
 * or for a card what was owed. `negative` keeps the sign of an opening balance entered otherwise (an
 * overdrawn account made through the API), which the form does not ask about.
 */
export interface AccountValues {
  kind: AccountKind | '';
  name: string;
  institution: string;
  last_four: string;
  opening_balance: string;
  opening_date: string;
  negative: boolean;
}

/** The values on the wire; what is empty is left out (or null), so the contract says what is missing. */
function wireOf(values: AccountValues): Record<string, unknown> {
  const typed = amountOf(values.opening_balance);
  return {
    kind: values.kind === '' ? undefined : values.kind,
    name: values.name,
    institution: values.institution.trim() === '' ? null : values.institution,
    last_four: values.last_four.trim() === '' ? null : values.last_four,
    opening_balance: typed === undefined ? 0 : values.negative ? -typed : typed,
    opening_date: values.opening_date.trim() === '' ? undefined : values.opening_date,
  };
}

/** The form's schema: what the contract accepts, each of its messages on its field. */
export const accountForm = z
  .object({
    kind: z.union([z.enum(ACCOUNT_KINDS), z.literal('')]),
    name: z.string(),
    institution: z.string(),
    last_four: z.string(),
    opening_balance: amountText,
    opening_date: z.string(),
    negative: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const parsed = accountBody.safeParse(wireOf(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      // A text that is not an amount is said once, by the currency rule ("Check this amount").
      if (issue.path[0] === 'opening_balance' && !isAmountText(values.opening_balance)) continue;
      const message = issue.path[0] === 'kind' ? 'Choose a kind' : issue.message;
      ctx.addIssue({ code: 'custom', path: issue.path, message });
    }
  });

export const accountBodyOf = (values: AccountValues): AccountBody => accountBody.parse(wireOf(values));

export const accountUpdateBodyOf = (values: AccountValues, version: number): AccountUpdateBody => ({
  ...accountBodyOf(values),
  version,
});

/** A new account: no kind chosen yet, opened today with nothing in it. */
export const blankAccount = (today: string): AccountValues => ({
  kind: '',
  name: '',
  institution: '',
  last_four: '',
  opening_balance: '',
  opening_date: today,
  negative: false,
});

/** A saved account as its edit form starts (opened today when it never had an opening balance). */
export const accountValuesOf = (a: Account, today: string): AccountValues => ({
  kind: a.kind,
  name: a.name,
  institution: a.institution ?? '',
  last_four: a.last_four ?? '',
  opening_balance: a.opening_balance === 0 ? '' : String(Math.abs(a.opening_balance)),
  opening_date: a.opening_date ?? today,
  negative: a.opening_balance < 0,
});

/** What the opening balance is called for a kind of account: a card's is what was owed. */
export const openingLabel = (kind: AccountKind | '') =>
  kind === 'credit_card' ? 'Owed on the opening date' : 'Balance on the opening date';

/**
 * The balance as a person reads it: what a card owes ('$500.00 owed', or in credit), what another
 * account holds ('$1,250.00', '−$20.00' when overdrawn). The API's `balance` is what the account adds
 * to net worth, so a card owing $500 is −500.
 */
export function balanceText(a: Pick<Account, 'kind' | 'balance'>): string {
  if (a.kind === 'credit_card') {
    if (a.balance < 0) return `${formatDollars(-a.balance)} owed`;
    if (a.balance > 0) return `${formatDollars(a.balance)} in credit`;
    return formatDollars(0);
  }
  return a.balance < 0 ? `−${formatDollars(-a.balance)}` : formatDollars(a.balance);
}

/** 'Chase ···· 4242', 'Chase', '···· 4242', or '' for neither. */
export function heldAt(a: Pick<Account, 'institution' | 'last_four'>): string {
  return [a.institution, a.last_four ? `···· ${a.last_four}` : null].filter(Boolean).join(' ');
}

export const kindLabel = (kind: AccountKind) => ACCOUNT_KIND_LABELS[kind];
