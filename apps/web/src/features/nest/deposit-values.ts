import { type NestDepositBody, nestDepositBody } from '@helo/contract/nest';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/** 'Record income' as the form holds it: the amount as the currency input's string. */
export interface DepositValues {
  amount: string;
  date: string;
  source: string;
}

function wireOf(values: DepositValues): Record<string, unknown> {
  return {
    amount: amountOf(values.amount),
    date: values.date.trim() === '' ? undefined : values.date,
    source: values.source,
  };
}

/** The form's schema: what the contract accepts, each of its messages on its field. */
export const depositForm = z
  .object({ amount: amountText, date: z.string(), source: z.string() })
  .superRefine((values, ctx) => {
    const parsed = nestDepositBody.safeParse(wireOf(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export const depositBodyOf = (values: DepositValues): NestDepositBody => nestDepositBody.parse(wireOf(values));

export const blankDeposit = (today: string): DepositValues => ({ amount: '', date: today, source: '' });
