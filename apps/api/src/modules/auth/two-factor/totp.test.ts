import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes.ts';
import { looksLikeTotp, matchTotp, newTotpSecret, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32; its 8-digit codes end in these 6.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('gives the RFC 6238 codes (SHA-1, last six digits)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('matches a code to its step, within one step either side of now', () => {
    const now = new Date(1_111_111_109_000);
    const step = totpStep(now);
    const at = (steps: number) => new Date(now.getTime() + steps * 30_000);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at(-1)), now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at(1)), now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at(-2)), now)).toBeNull();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, at(2)), now)).toBeNull();
  });

  it('reads six digits, with spaces allowed, and nothing else', () => {
    expect(looksLikeTotp('081 804')).toBe(true);
    expect(looksLikeTotp('81804')).toBe(false);
    expect(looksLikeTotp('0818045')).toBe(false);
    expect(looksLikeTotp('08180a')).toBe(false);
  });

  it('makes 160-bit secrets', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('recovery codes', () => {
  it('ten different codes of six groups of four base32 letters, stored as hashes of the bare code', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const [i, code] of codes.entries()) {
      expect(code).toMatch(/^([a-z2-7]{4}-){5}[a-z2-7]{4}$/);
      expect(recoveryCodeHash(code)).toBe(hashes[i]);
    }
  });

  it('ignores case, spaces and dashes; refuses what cannot be a code', () => {
    const [code] = newRecoveryCodes().codes as [string];
    const bare = code.replaceAll('-', '');
    expect(normaliseRecoveryCode(` ${code.toUpperCase()} `)).toBe(bare);
    expect(recoveryCodeHash(bare.match(/.{3}/g)?.join(' ') ?? '')).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(bare.slice(1))).toBeNull();
    expect(recoveryCodeHash(`${bare.slice(1)}0`)).toBeNull();
  });
});
