import type { PayoffPlan } from '@helo/finance/payoff-plan';
import Papa from 'papaparse';
import { saveFile } from '../../lib/save-file.ts';
import { planMonthLabel } from './loan-format.ts';

// Plain numbers (no '$', no separators) so that a spreadsheet reads them as numbers.
const amount = (cents: number) => (cents / 100).toFixed(2);

/** The plan's month-by-month schedule as CSV: each loan's payment, interest and balance, then totals. */
export function planCsv(plan: PayoffPlan, loanNames: readonly string[], start: string): string {
  const header = [
    'Month',
    'Date',
    ...loanNames.flatMap((name) => [`${name} payment`, `${name} interest`, `${name} balance`]),
    'Total payment',
    'Total interest',
    'Total balance',
  ];
  const rows = plan.rows.map((r) => [
    String(r.month),
    planMonthLabel(start, r.month),
    ...loanNames.flatMap((_, i) => [
      amount(r.paymentCents[i] ?? 0),
      amount(r.interestCents[i] ?? 0),
      amount(r.balanceCents[i] ?? 0),
    ]),
    amount(r.totalPaymentCents),
    amount(r.totalInterestCents),
    amount(r.totalBalanceCents),
  ]);
  // CRLF line ends, as RFC 4180 and spreadsheet programs expect.
  return Papa.unparse([header, ...rows], { newline: '\r\n' });
}

/** Hands the CSV to the browser as a file download. */
export function downloadCsv(csv: string, fileName: string): void {
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
