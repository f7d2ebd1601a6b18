import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { APP_CODE_FORMAT, challengeOverMessage, normaliseAppCode, secondStepSchema } from './second-step-code.ts';

describe('the app code as typed', () => {
  it('reads spaces and dashes people type or paste as nothing', () => {
    expect(normaliseAppCode(' 123 456 ')).toBe('123456');
    expect(normaliseAppCode('123-456')).toBe('123456');
    expect(normaliseAppCode('12 34\t56')).toBe('123456');
  });

  it('is sent as six digits, and anything else is named on the field before any request', () => {
    const schema = secondStepSchema('totp');
    expect(schema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', '12345a', 'abcdef']) {
      const result = schema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(APP_CODE_FORMAT);
    }
    expect(schema.safeParse({ code: '' }).error?.issues[0]?.message).toBe('Code is required');
  });

  it('leaves a recovery code as typed (the server ignores case, spaces and dashes)', () => {
    expect(secondStepSchema('recovery_code').parse({ code: ' abcd-EFGH ijkl ' })).toEqual({ code: 'abcd-EFGH ijkl' });
  });
});

describe('a refused second step', () => {
  it('keeps the challenge for a wrong code, which names the field', () => {
    const wrong = [{ path: 'code', message: 'That code is not right' }];
    expect(challengeOverMessage(new ApiError(400, 'Invalid', wrong))).toBeNull();
    expect(challengeOverMessage(new ApiError(401, 'Invalid', wrong))).toBeNull();
  });

  it("goes back to the password, in the server's words, when the challenge is expired, used or closed", () => {
    const over = 'This sign-in has expired or was already used. Please log in again.';
    expect(challengeOverMessage(new ApiError(401, over))).toBe(over);
    expect(challengeOverMessage(new ApiError(401, 'Too many wrong codes. Please log in again.'))).toBe(
      'Too many wrong codes. Please log in again.',
    );
    expect(challengeOverMessage(new ApiError(400, 'Invalid', [{ path: 'challenge', message: 'Expired' }]))).toBe(
      'Invalid',
    );
    expect(challengeOverMessage(new ApiError(410, 'Gone'))).toBe('Gone');
  });

  it('keeps the challenge when the server is busy or unreachable', () => {
    expect(challengeOverMessage(new ApiError(429, 'Too many attempts'))).toBeNull();
    expect(challengeOverMessage(new ApiError(503, 'Unavailable'))).toBeNull();
    expect(challengeOverMessage(new TypeError('Failed to fetch'))).toBeNull();
  });
});
