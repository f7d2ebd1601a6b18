import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import { importRequests } from './import-requests.test-helpers.ts';

const t = useTestApp();
const api = importRequests(t);

const utf16 = (text: string, littleEndian: boolean, mark: boolean) => {
  const bytes = Buffer.from(`${mark ? '\ufeff' : ''}${text}`, 'utf16le');
  return littleEndian ? bytes : bytes.swap16();
};

describe('the text of a bank file, whatever its encoding', () => {
  it('reads UTF-16 files (LE or BE, with a byte-order mark or without) as a bank exports them', async () => {
    const { token } = await api.newUser();
    const csv = 'Date,Description,Amount\r\n2026-11-02,Café Métro,-4.50\r\n';
    for (const [littleEndian, mark] of [
      [true, true],
      [false, true],
      [true, false],
    ] as const) {
      const res = await api.upload(token, 'export.csv', utf16(csv, littleEndian, mark));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.rows[0]).toMatchObject({ payee: 'Café Métro', amount: -4.5 });
    }
  });

  it('reads an OFX in the charset its header names, and a QIF in windows-1252', async () => {
    const { token } = await api.newUser();
    const ofx = Buffer.concat([
      Buffer.from(
        'OFXHEADER:100\nDATA:OFXSGML\nENCODING:USASCII\nCHARSET:1252\n\n<OFX><STMTTRN><DTPOSTED>20221019<TRNAMT>-20.00<NAME>Caf',
      ),
      Buffer.from([0xe9, 0x20, 0x80, 0x75, 0x72, 0x6f]),
      Buffer.from('</STMTTRN></OFX>'),
    ]);
    const read = await api.upload(token, 'bank.qfx', ofx);
    expect(read.statusCode, read.body).toBe(201);
    expect(read.json().data.rows[0]).toMatchObject({ payee: 'Café €uro', amount: -20 });
    const qif = Buffer.concat([
      Buffer.from('!Type:Bank\nD10/19/2022\nPBoulangerie M'),
      Buffer.from([0xfc]),
      Buffer.from('ller\nT-3.10\n^\n'),
    ]);
    const register = await api.upload(token, 'register.qif', qif);
    expect(register.statusCode, register.body).toBe(201);
    expect(register.json().data).toMatchObject({
      format: 'qif',
      rows: [{ payee: 'Boulangerie Müller', amount: -3.1 }],
    });
  });
});
