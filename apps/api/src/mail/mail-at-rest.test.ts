import { Writable } from 'node:stream';
import { outboxMail } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// In production without SMTP nobody can read the outbox, so a reset link kept there or written to
// the log is a secret at rest that serves nobody.
let t: TestApp;
let log = '';
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  // APP_URL is inject's own host (`localhost:80`): production answers no other name.
  t = await createTestApp({ config: { env: 'production', appUrl: 'http://localhost', logLevel: 'info' }, logStream });
});
afterAll(() => t.close());

describe('mail in production without SMTP', () => {
  it('keeps neither the verification link nor the reset link, in the database or the log', async () => {
    const { body } = await register(t);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: body.email },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.backgroundWork.drain();
    const rows = await t.database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, body.email));
    expect(rows.map((r) => r.kind).sort()).toEqual(['reset_password', 'verify_email']);
    for (const row of rows) {
      expect(row.textBody).not.toMatch(/token=/);
      expect(row.htmlBody).not.toMatch(/token=/);
    }
    expect(log).toMatch(/mail written to outbox/);
    expect(log).not.toMatch(/token=/);
  });
});
