import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { redactTokenParams } from './log-serializers.ts';

const lines: string[] = [];
const t = useTestApp({
  config: { logLevel: 'info' },
  logStream: new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
});

describe('the request log', () => {
  it('keeps no token of a mailed link, only the rest of the address', async () => {
    const secret = 'Zm9vYmFyLXNlY3JldC10b2tlbi0xMjM0NTY3ODkw';
    await t().app.inject({ method: 'GET', url: `/api/v1/debts?token=${secret}&lang=en` });
    await t().app.inject({ method: 'GET', url: `/reset-password?token=${secret}` });
    await t().app.inject({ method: 'GET', url: `/verify-email?x=1&reset_token=${secret}#top` });
    const log = lines.join('');
    expect(log).not.toContain(secret);
    expect(log).toContain('/api/v1/debts?token=[redacted]&lang=en');
    expect(log).toContain('/reset-password?token=[redacted]');
  });

  it.each([
    ['/verify-email?token=abc', '/verify-email?token=[redacted]'],
    ['/x?a=1&Token=abc&b=2', '/x?a=1&Token=[redacted]&b=2'],
    ['/x?token=', '/x?token=[redacted]'],
    ['/x?tokens=abc', '/x?tokens=abc'],
    ['/token?next=1', '/token?next=1'],
  ])('redacts %s as %s', (url, logged) => {
    expect(redactTokenParams(url)).toBe(logged);
  });
});
