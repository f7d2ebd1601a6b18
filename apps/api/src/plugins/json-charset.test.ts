import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const feedback = (contentType: string, payload: Buffer | string) =>
  t().app.inject({ method: 'POST', url: '/api/v1/feedback', headers: { 'content-type': contentType }, payload });
const body = JSON.stringify({ answers: [1, 1, 1, 1, 1, 1], comment: 'charset' });

describe('the charset of a JSON body', () => {
  it.each(['utf-16', 'UTF-16LE', 'iso-8859-1', '"windows-1252"'])('refuses a body declared %s with 415', async (cs) => {
    const res = await feedback(`application/json; charset=${cs}`, Buffer.from(body, 'utf16le'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported charset: send JSON encoded as UTF-8' });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF8'])(
    'accepts %s',
    async (contentType) => {
      expect((await feedback(contentType, body)).statusCode).toBe(201);
    },
  );
});
