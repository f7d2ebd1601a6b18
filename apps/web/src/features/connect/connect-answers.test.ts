import { describe, expect, it } from 'vitest';
import { connectBodyOf, initialAnswers } from './connect-answers.ts';

describe('the connect form answers', () => {
  it('start with nothing chosen and "yes, I work with a professional" (spec default)', () => {
    expect(initialAnswers(null)).toEqual({
      professionals_need: [],
      has_working_professional: true,
      satisfaction_level: null,
    });
  });

  it('start from the request sent before', () => {
    const saved = {
      id: 'r1',
      professionals_need: ['Accountant' as const],
      has_working_professional: false,
      satisfaction_level: null,
      created_at: '2026-11-21T12:00:00.000Z',
      updated_at: '2026-11-21T12:00:00.000Z',
    };
    expect(initialAnswers(saved)).toEqual({
      professionals_need: ['Accountant'],
      has_working_professional: false,
      satisfaction_level: null,
    });
  });

  it('drop a satisfaction level picked before the answer became "no"', () => {
    expect(
      connectBodyOf({
        professionals_need: ['Accountant'],
        has_working_professional: false,
        satisfaction_level: 'satisfied',
      }),
    ).toEqual({ professionals_need: ['Accountant'], has_working_professional: false, satisfaction_level: null });
    expect(
      connectBodyOf({
        professionals_need: ['Accountant'],
        has_working_professional: true,
        satisfaction_level: 'satisfied',
      }),
    ).toEqual({ professionals_need: ['Accountant'], has_working_professional: true, satisfaction_level: 'satisfied' });
  });
});
