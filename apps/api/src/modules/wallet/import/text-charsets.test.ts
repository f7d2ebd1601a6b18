import { describe, expect, it } from 'vitest';
import { decodeBankFile } from './decode-bank-file.ts';

const windows1250 = (text: string) =>
  // č ř ě ů Č and the letters windows-1252 shares, as windows-1250 writes them.
  Uint8Array.from(
    [...text].map(
      (c) => ({ č: 0xe8, ř: 0xf8, ě: 0xec, ů: 0xf9, Č: 0xc8, á: 0xe1, í: 0xed, ú: 0xfa })[c] ?? c.charCodeAt(0),
    ),
  );

describe('bank file charsets', () => {
  it('reads UTF-16 with and without a byte order mark', () => {
    const text = 'Date,Payee,Amount\r\n2026-01-02,Café,-1\r\n';
    const le = Buffer.from(`\ufeff${text}`, 'utf16le');
    expect(decodeBankFile(le)).toBe(text);
    expect(decodeBankFile(Buffer.from(text, 'utf16le'))).toBe(text);
    const be = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
    expect(decodeBankFile(be)).toBe(text);
  });

  it('tells a Czech windows-1250 file from a French windows-1252 one', () => {
    expect(decodeBankFile(windows1250('Datum zaúčtování;Číslo účtu;Měna\n'))).toBe(
      'Datum zaúčtování;Číslo účtu;Měna\n',
    );
    const french = Uint8Array.from([...'Cr\xe8me br\xfbl\xe9e;Caf\xe9'].map((c) => c.charCodeAt(0)));
    expect(decodeBankFile(french)).toBe('Crème brûlée;Café');
  });

  it('refuses a binary file', () => {
    expect(() => decodeBankFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 0, 0, 0x41]))).toThrow(
      'not a text file',
    );
  });
});
