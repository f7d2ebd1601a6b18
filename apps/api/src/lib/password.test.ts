import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password.ts';

const ada = { email: 'ada.lovelace@example.com', firstName: 'Ada', lastName: 'Lovelace' };

describe('passwordProblem', () => {
  it.each([
    ['twelve spaces', ' '.repeat(12), /only spaces/],
    ['tabs and spaces', ' \t \t \t \t \t \t', /only spaces/],
    ['one character repeated', 'zzzzzzzzzzzz', /repeated/],
    ['a short pattern repeated', 'abcabcabcabc', /repeated/],
    ['the email', 'ADA.LOVELACE@EXAMPLE.COM', /same as your email/],
    ['the local part of the email', 'ada.lovelace', /name, your email/],
    ['the local part with digits', 'ada.lovelace1815', /name, your email/],
    ['the names in another case and order', 'LovelaceAda!!', /name, your email/],
    ['the product name with digits', 'HELO helo 12345', /name, your email/],
    ['the product name and a year', 'Helo-2026-helo', /name, your email/],
    ['names around a repeated character', 'Ada-Lovelace-1111111111', /name, your email/],
  ])('refuses %s', (_label, password, reason) => {
    expect(passwordProblem(password, ada)).toMatch(reason);
  });

  it.each([
    ['a passphrase', 'violet-harbor-lantern-42'],
    ['a passphrase that mentions the name', 'ada likes violet harbors'],
    ['a passphrase containing helo in a longer word', 'heloise-garden-party-77'],
    ['spaces between real characters', 'aaaa bbbb cc'],
  ])('accepts %s', (_label, password) => {
    expect(passwordProblem(password, ada)).toBeNull();
  });

  it('ignores names too short to guess from, rather than gutting every password', () => {
    expect(
      passwordProblem('al-bo-violet-harbor', { email: 'x@example.com', firstName: 'Al', lastName: 'Bo' }),
    ).toBeNull();
  });
});
