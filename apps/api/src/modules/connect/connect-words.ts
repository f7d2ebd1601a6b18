import { type Professional, SATISFACTION_LABELS, type SatisfactionLevel } from '@helo/contract/connect';

/** Each professional as a sentence names one ("an accountant"), for the user's notification. */
const AS_A_PERSON: Record<Professional, string> = {
  'Financial Advisor': 'a financial advisor',
  'Financial Coach': 'a financial coach',
  Accountant: 'an accountant',
  'Estate Planning Attorney': 'an estate planning attorney',
  'P&C Insurance': 'a P&C (property and casualty) insurance agent',
  'Mortgage Broker': 'a mortgage broker',
  'Real Estate Agent': 'a real estate agent',
};

/** "a financial advisor, an accountant and a mortgage broker". */
export function professionalsInWords(professionals: readonly Professional[]): string {
  const people = professionals.map((p) => AS_A_PERSON[p]);
  if (people.length <= 1) return people.join('');
  return `${people.slice(0, -1).join(', ')} and ${people.at(-1)}`;
}

/** The answer to "do you work with a professional already?" for the support team: "Yes, satisfied". */
export function workingProfessionalInWords(has: boolean, level: SatisfactionLevel | null): string {
  if (!has) return 'No';
  return level ? `Yes, ${SATISFACTION_LABELS[level].toLowerCase()} with them` : 'Yes';
}
