import type { InvestmentAccountKind } from '@helo/contract/investments';

export const KIND_LABELS: Record<InvestmentAccountKind, string> = {
  '401k': '401(k)',
  ira: 'IRA',
  roth_ira: 'Roth IRA',
  brokerage: 'Brokerage',
  hsa: 'HSA',
  other: 'Other',
};

/** '1 year', '25 years'. */
export const yearsText = (years: number) => (years === 1 ? '1 year' : `${years} years`);
