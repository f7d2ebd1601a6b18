import { describe, expect, it } from 'vitest';
import { kindOfName, SNIFF_BYTES, sniffKind, TextCheck } from './sniff-kind.ts';
import { elf, exe, heic, jpeg, odf, ooxml, pdf, png, webp, zip } from './vault-fixtures.test-helpers.ts';

describe('the kind of an upload, from its bytes', () => {
  it('recognises each image and PDF whatever the name says', async () => {
    expect(await sniffKind(pdf(), 'scan')).toBe('pdf');
    expect(await sniffKind(png(), 'photo.jpg')).toBe('png');
    expect(await sniffKind(jpeg(), 'photo.jpeg')).toBe('jpeg');
    expect(await sniffKind(webp(), 'x.webp')).toBe('webp');
    expect(await sniffKind(heic(), 'IMG_0001.HEIC')).toBe('heic');
  });

  it('recognises office files, OOXML and OpenDocument', async () => {
    expect(await sniffKind(await ooxml('docx'), 'letter.docx')).toBe('docx');
    expect(await sniffKind(await ooxml('xlsx'), 'sheet.xlsx')).toBe('xlsx');
    expect(await sniffKind(await ooxml('pptx'), 'deck.pptx')).toBe('pptx');
    expect(await sniffKind(await odf('odt'), 'letter.odt')).toBe('odt');
    expect(await sniffKind(await odf('ods'), 'sheet.ods')).toBe('ods');
  });

  it('takes an OOXML file whose content types do not fit the sniffed head only when its name says which it is', async () => {
    // [Content_Types].xml larger than the head: file-type can not read it and says "zip".
    const big = (await ooxml('docx', SNIFF_BYTES * 2)).subarray(0, SNIFF_BYTES);
    expect(await sniffKind(big, 'letter.docx')).toBe('docx');
    expect(await sniffKind(big, 'letter.zip')).toBeUndefined();
  });

  it('refuses executables whatever their name, and a zip named like an office file', async () => {
    expect(await sniffKind(exe(), 'invoice.pdf')).toBeUndefined();
    expect(await sniffKind(elf(), 'invoice.pdf')).toBeUndefined();
    expect(await sniffKind(await zip({ 'hello.txt': 'hi' }), 'report.docx')).toBeUndefined();
    expect(await sniffKind(await zip({ mimetype: 'text/plain' }, { compress: false }), 'report.odt')).toBeUndefined();
  });

  it('takes text only when nothing else matched, the name is .csv or .txt, and the bytes are UTF-8 text', async () => {
    expect(await sniffKind(Buffer.from('date,amount\n2026-11-01,12.50\n'), 'bank.csv')).toBe('csv');
    expect(await sniffKind(Buffer.from('Grüße — 日本\r\n\tok\f'), 'notes.TXT')).toBe('txt');
    expect(await sniffKind(Buffer.from('plain words'), 'notes.md')).toBeUndefined();
    expect(await sniffKind(Buffer.from('a\0b'), 'notes.txt')).toBeUndefined();
    expect(await sniffKind(Buffer.from([0x61, 0x1b, 0x62]), 'notes.txt')).toBeUndefined();
    expect(await sniffKind(Buffer.from([0xc3, 0x28]), 'latin1.txt')).toBeUndefined();
    expect(await sniffKind(pdf(), 'notes.txt')).toBe('pdf');
  });

  it('checks text fed in slices that cut a character in two', () => {
    const bytes = Buffer.from('é');
    const check = new TextCheck();
    expect(check.push(bytes.subarray(0, 1))).toBe(true);
    expect(check.push(bytes.subarray(1))).toBe(true);
    expect(check.end()).toBe(true);
    const cut = new TextCheck();
    expect(cut.push(bytes.subarray(0, 1))).toBe(true);
    expect(cut.end()).toBe(false);
  });

  it('reads the kind a name names', () => {
    expect(kindOfName('a.b.JPG')).toBe('jpeg');
    expect(kindOfName('noext')).toBeUndefined();
  });
});
