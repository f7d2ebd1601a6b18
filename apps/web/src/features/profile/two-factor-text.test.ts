import { describe, expect, it } from 'vitest';
import {
  groupSecret,
  RECOVERY_CODES_FILE_NAME,
  recoveryCodesClipboardText,
  recoveryCodesFileText,
  recoveryCodesLeftText,
} from './two-factor-text.ts';

describe('the secret as text', () => {
  it('is shown in groups of four, the last one shorter', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('is grouped afresh when it came with spaces already', () => {
    expect(groupSecret('JBSW Y3DP EH PK')).toBe('JBSW Y3DP EHPK');
    expect(groupSecret('')).toBe('');
  });
});

describe('recovery codes left', () => {
  it('counts in words people read', () => {
    expect(recoveryCodesLeftText(10)).toBe('10 recovery codes left');
    expect(recoveryCodesLeftText(1)).toBe('1 recovery code left');
    expect(recoveryCodesLeftText(0)).toBe('No recovery codes left');
  });
});

describe('the recovery codes file', () => {
  const codes = Array.from({ length: 10 }, (_, i) => `code-${i + 1}`);
  const text = recoveryCodesFileText(codes, 'sam@example.com', new Date('2026-11-23T12:00:00Z'));

  it('has a name that says what it is', () => {
    expect(RECOVERY_CODES_FILE_NAME).toBe('helo-recovery-codes.txt');
  });

  it('names the account and the day, says what the codes do, and lists every code numbered', () => {
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Helo recovery codes');
    expect(lines).toContain('Account: sam@example.com');
    expect(lines).toContain('Made on November 23, 2026');
    expect(text).toContain('signs you in once');
    expect(lines).toContain(' 1. code-1');
    expect(lines).toContain('10. code-10');
    expect(lines.filter((l) => /^\s?\d+\. /.test(l))).toHaveLength(10);
  });

  it('ends its lines with CRLF only, and ends with one', () => {
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('goes to the clipboard as the codes alone, one a line', () => {
    expect(recoveryCodesClipboardText(['a', 'b'])).toBe('a\nb');
  });
});
