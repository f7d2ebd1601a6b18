import { describe, expect, it } from 'vitest';
import { loginBody, registerBody } from './auth.ts';

describe('auth request schemas', () => {
  it('trims and lower-cases the email, and trims names', () => {
    const parsed = registerBody.parse({
      first_name: '  Ada ',
      last_name: ' Lovelace',
      email: '  Ada@Example.COM ',
      password: 'twelve-chars',
    });
    expect(parsed).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'twelve-chars',
    });
  });

  it('keeps the password exactly as typed (spaces count)', () => {
    expect(loginBody.parse({ email: 'a@b.co', password: '  spaced  ' }).password).toBe('  spaced  ');
  });

  it('says which field is missing and which has the wrong type', () => {
    const result = registerBody.safeParse({ first_name: 7, email: 'a@b.co', password: 'twelve-chars' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(['first_name: First name must be a string', 'last_name: Last name is required']);
  });

  it('refuses a name that is only spaces', () => {
    const result = registerBody.safeParse({
      first_name: '   ',
      last_name: 'B',
      email: 'a@b.co',
      password: 'twelve-chars',
    });
    expect(result.error?.issues[0]?.message).toBe('First name is required');
  });
});
