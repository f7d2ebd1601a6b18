import { describe, expect, it } from 'vitest';
import { hasUnstorableText, INT4_MAX, intId, text } from './fields.ts';

describe('text', () => {
  const name = text('Name').trim().min(1, 'Name is required');

  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a lone high surrogate', 'Ada \ud83d'],
    ['a lone low surrogate', '\ude00 Ada'],
  ])('refuses %s, naming the field', (_what, value) => {
    expect(name.safeParse(value).error?.issues.map((i) => i.message)).toEqual([
      'Name contains a character that is not allowed',
    ]);
  });

  it('keeps emoji, accents, right-to-left marks and other Unicode that storage holds', () => {
    for (const value of ['Zoë 👩‍👩‍👧', 'e\u0301', '\u202bשלום', '𝕳𝖊𝖑𝖔']) expect(name.parse(value)).toBe(value);
  });

  it('says required and wrong type as before', () => {
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(name.safeParse(12).error?.issues[0]?.message).toBe('Name must be a string');
  });

  it('finds a surrogate pair whole, and a half of one', () => {
    expect(hasUnstorableText('😀')).toBe(false);
    expect(hasUnstorableText('😀'.slice(0, 1))).toBe(true);
    expect(hasUnstorableText('😀'.slice(1))).toBe(true);
  });
});

describe('intId', () => {
  const id = intId('Debt type');

  it('takes ids from 1 to the largest PostgreSQL int', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse(INT4_MAX)).toBe(INT4_MAX);
  });

  it.each([
    [INT4_MAX + 1, 'Debt type is not a valid id'],
    [2 ** 53 - 1, 'Debt type is not a valid id'],
    [0, 'Debt type must be a positive number'],
    [1.5, 'Debt type must be a whole number'],
    ['3', 'Debt type must be a number'],
    [undefined, 'Debt type is required'],
  ])('refuses %s: %s', (value, message) => {
    expect(id.safeParse(value).error?.issues[0]?.message).toBe(message);
  });
});
