import { type EmergencyFund, type EmergencyFundBody, emergencyFundBody } from '@helo/contract/emergency-fund';
import { z } from 'zod';
import { amountOf, amountText } from '../../components/ui/currency-rules.ts';

/**
 * The setup answers as the form holds them: the yes/no as 'yes' | 'no' ('' before an answer) and the
 * amounts as the currency inputs' numeric strings ('' when empty), so '12.' can be typed on the way
 * to '12.50'. The contract's schema, the server's own rules, checks what they become.
 */
export interface FundAnswers {
  is_saving: '' | 'yes' | 'no';
  saved_amount: string;
  monthly_income: string;
  monthly_saving: string;
  monthly_saving_want: string;
}

export const NO_ANSWER_MESSAGE = 'Choose yes or no';

/**
 * What the answers are on the wire. A 'No' sends the cleared saved amount as 0 (spec §4: choosing
 * 'No' clears it); an empty amount is left out, so the contract says that it is required.
 */
function wireOf(answers: FundAnswers): Record<string, unknown> {
  const saving = answers.is_saving === '' ? null : answers.is_saving === 'yes';
  return {
    is_saving: saving,
    saved_amount: saving === false ? 0 : amountOf(answers.saved_amount),
    monthly_income: amountOf(answers.monthly_income),
    monthly_saving: amountOf(answers.monthly_saving),
    monthly_saving_want: amountOf(answers.monthly_saving_want),
  };
}

/**
 * The form's schema: the answers must convert to a body the contract accepts, with each of its
 * messages on its field. One rule is the form's own: the yes/no must be answered. The API accepts
 * null (the spec's client may send it) and then stores $0 saved, which would silently drop an
 * amount typed into a form whose question was skipped.
 */
export const fundAnswersForm = z
  .object({
    is_saving: z.enum(['', 'yes', 'no']),
    saved_amount: amountText,
    monthly_income: amountText,
    monthly_saving: amountText,
    monthly_saving_want: amountText,
  })
  .superRefine((answers, ctx) => {
    if (answers.is_saving === '') ctx.addIssue({ code: 'custom', path: ['is_saving'], message: NO_ANSWER_MESSAGE });
    const parsed = emergencyFundBody.safeParse(wireOf(answers));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === 'is_saving' && answers.is_saving === '') continue;
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

/** The body to send, from answers the form's schema passed. */
export function fundBodyOf(answers: FundAnswers): EmergencyFundBody {
  return emergencyFundBody.parse(wireOf(answers));
}

const text = (dollars: number) => String(dollars);

/** The setup's first answers: nothing yet. */
export const BLANK_ANSWERS: FundAnswers = {
  is_saving: '',
  saved_amount: '',
  monthly_income: '',
  monthly_saving: '',
  monthly_saving_want: '',
};

/**
 * The edit form's first answers: the fund's own, with the saved amount being what the fund holds
 * now (deposits and withdrawals included: the API takes it as the balance). A fund that holds money
 * starts on 'yes' whatever it was set up with, so saving the form unchanged keeps the balance.
 */
export function answersOf(fund: EmergencyFund): FundAnswers {
  const holdsMoney = fund.saved_amount > 0;
  return {
    is_saving: holdsMoney || fund.is_saving === true ? 'yes' : fund.is_saving === false ? 'no' : '',
    saved_amount: holdsMoney || fund.is_saving === true ? text(fund.saved_amount) : '',
    monthly_income: text(fund.monthly_income),
    monthly_saving: text(fund.monthly_saving),
    monthly_saving_want: text(fund.monthly_saving_want),
  };
}
