/** Spec §3: a debt's name shows without its trailing 's' ("Auto loans" → "Auto loan"). */
export const debtCaption = (debtName: string) => debtName.replace(/s$/, '');

export type DebtIconKind = 'auto' | 'mortgage' | 'student' | 'card' | 'business' | 'medical' | 'credit-line';

const ICON_BY_NAME: Record<string, DebtIconKind> = {
  'auto loans': 'auto',
  mortgages: 'mortgage',
  'student loans': 'student',
  'credit cards': 'card',
  'business loans': 'business',
  'medical loans': 'medical',
  'line of credits': 'credit-line',
};

/** The icon of a debt type; a type we do not know gets the mortgage icon (spec §3). */
export const debtIconKind = (debtName: string): DebtIconKind =>
  ICON_BY_NAME[debtName.trim().toLowerCase()] ?? 'mortgage';

/** A loan as `loanNames` names it: its type's name and, when given, its lender or nickname. */
export interface NamedLoan {
  debt: { debt_name: string };
  nickname?: string | null | undefined;
}

/**
 * A name per loan for tables, the chart and its own dialog: the type's caption with the lender or
 * nickname when there is one ("Credit card (Chase)"), numbered when the same name comes more than
 * once ("Credit card 1", "Credit card 2").
 */
export function loanNames(loans: readonly NamedLoan[]): string[] {
  const names = loans.map((l) => {
    const caption = debtCaption(l.debt.debt_name);
    return l.nickname ? `${caption} (${l.nickname})` : caption;
  });
  const seen = new Map<string, number>();
  return names.map((c) => {
    if (names.filter((x) => x === c).length === 1) return c;
    const n = (seen.get(c) ?? 0) + 1;
    seen.set(c, n);
    return `${c} ${n}`;
  });
}

/**
 * What a loan's first amount is called: a credit card or a line of credit has a credit limit, not an
 * initial loan amount (issue 25; the same field on the wire, `initial_loan_amount`).
 */
export function initialAmountLabel(debtName: string | undefined): string {
  const kind = debtName === undefined ? undefined : debtIconKind(debtName);
  return kind === 'card' || kind === 'credit-line' ? 'Credit limit' : 'Initial loan amount';
}
