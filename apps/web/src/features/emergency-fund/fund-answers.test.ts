import type { EmergencyFund } from '@helo/contract/emergency-fund';
import { dollarsOf } from '@helo/finance/cents';
import { describe, expect, it } from 'vitest';
import { answersOf, BLANK_ANSWERS, type FundAnswers, fundAnswersForm, fundBodyOf } from './fund-answers.ts';

const filled: FundAnswers = {
  is_saving: 'yes',
  saved_amount: '1000',
  monthly_income: '4000.5',
  monthly_saving: '200',
  monthly_saving_want: '500',
};

/** The form's complaints, field by field. */
function problems(answers: FundAnswers): Record<string, string> {
  const result = fundAnswersForm.safeParse(answers);
  if (result.success) return {};
  // The first message of each field, the one the form shows (later ones are overwritten).
  return Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
}

const $ = dollarsOf;
const fund = (overrides: Partial<EmergencyFund>): EmergencyFund => ({
  id: 'f1',
  is_saving: true,
  starting_amount: $(1000),
  saved_amount: $(1000),
  monthly_income: $(4000),
  monthly_saving: $(200),
  monthly_saving_want: $(500),
  monthly_expenses: $(4000),
  expenses_source: 'income',
  plan: {
    target_low: $(12000),
    target_high: $(24000),
    progress_percent: 8.33,
    months_to_low: 22,
    months_to_high: 46,
  },
  milestone_reached: 0,
  entries_from: '2026-03-01',
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
  ...overrides,
});

describe('the setup answers', () => {
  it('become the body the API takes, in dollars', () => {
    expect(fundBodyOf(filled)).toEqual({
      is_saving: true,
      saved_amount: 1000,
      monthly_income: 4000.5,
      monthly_saving: 200,
      monthly_saving_want: 500,
    });
  });

  it("send the cleared saved amount as 0 for a 'No', whatever was typed before", () => {
    expect(fundBodyOf({ ...filled, is_saving: 'no', saved_amount: '750' })).toMatchObject({
      is_saving: false,
      saved_amount: 0,
    });
  });

  it('accept a trailing point the currency input keeps while typing', () => {
    expect(fundBodyOf({ ...filled, monthly_income: '4000.' }).monthly_income).toBe(4000);
  });

  it("say on each empty field that it is required, in the contract's words, and ask for the yes/no", () => {
    expect(problems(BLANK_ANSWERS)).toEqual({
      is_saving: 'Choose yes or no',
      monthly_income: 'Monthly income is required',
      monthly_saving: 'Monthly saving is required',
      monthly_saving_want: 'Monthly saving you want is required',
    });
  });

  it("need the saved amount only after a 'Yes'", () => {
    expect(problems({ ...filled, saved_amount: '' })).toEqual({ saved_amount: 'Saved amount is required' });
    expect(problems({ ...filled, is_saving: 'no', saved_amount: '' })).toEqual({});
  });

  it('refuse what the server refuses: an amount over $10 billion', () => {
    expect(problems({ ...filled, monthly_income: '10000000000.01' })).toEqual({
      monthly_income: 'Monthly income cannot be more than $10 billion',
    });
  });
});

describe("the edit's first answers", () => {
  it("are the fund's, with the saved amount being what it holds now", () => {
    expect(answersOf(fund({ saved_amount: $(3250.5) }))).toEqual({
      is_saving: 'yes',
      saved_amount: '3250.5',
      monthly_income: '4000',
      monthly_saving: '200',
      monthly_saving_want: '500',
    });
  });

  it("start on 'Yes' for a fund set up with 'No' that holds deposits, so saving them unchanged keeps the money", () => {
    const answers = answersOf(fund({ is_saving: false, starting_amount: $(0), saved_amount: $(800) }));
    expect(answers).toMatchObject({ is_saving: 'yes', saved_amount: '800' });
    expect(fundBodyOf(answers)).toMatchObject({ is_saving: true, saved_amount: 800 });
  });

  it("keep a 'No' (and no amount) for a fund that holds nothing, and no answer for one never answered", () => {
    expect(answersOf(fund({ is_saving: false, starting_amount: $(0), saved_amount: $(0) }))).toMatchObject({
      is_saving: 'no',
      saved_amount: '',
    });
    expect(answersOf(fund({ is_saving: null, starting_amount: $(0), saved_amount: $(0) })).is_saving).toBe('');
  });
});
