import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { failureText } from './failure-text.ts';

describe('the toast of a failed save', () => {
  it("tells a refused field in the field's own words", () => {
    const error = new ApiError(400, 'amount: You can withdraw at most $3,000.00, what the fund holds', [
      { path: 'amount', message: 'You can withdraw at most $3,000.00, what the fund holds' },
    ]);
    expect(failureText(error, 'An error occurred')).toBe('You can withdraw at most $3,000.00, what the fund holds');
  });

  it("is the server's message when no field is named, and the fallback when there was no answer", () => {
    expect(failureText(new ApiError(409, 'You already have an emergency fund'), 'An error occurred')).toBe(
      'You already have an emergency fund',
    );
    expect(failureText(new TypeError('Failed to fetch'), 'An error occurred')).toBe('An error occurred');
  });
});
