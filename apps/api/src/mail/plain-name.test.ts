import { outboxMail } from '@helo/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register, uniqueEmail } from '../../test/accounts.ts';
import { useTestApp } from '../../test/test-app.ts';
import { plainName } from './plain-name.ts';

const t = useTestApp();

describe('names in mails', () => {
  it('a first name cannot put a link into the verification mail', async () => {
    const email = uniqueEmail();
    await register(t(), { email, first_name: 'Ada, reset at https://evil.example/reset or evil.example' });
    const [mail] = await t().database.db.select().from(outboxMail).where(eq(outboxMail.toAddress, email));
    expect(mail?.textBody).toMatch(/^Hi Ada, reset at or,/);
    expect(mail?.textBody).not.toMatch(/evil/);
    expect(mail?.htmlBody).not.toMatch(/evil/);
  });

  it.each([
    ['Ada', 'Ada'],
    ['Mary-Jane O’Neil', 'Mary-Jane O’Neil'],
    ['J. R. R.', 'J. R. R.'],
    ['José', 'José'],
    ['Ada www.evil.example', 'Ada'],
    ['Ada mailto:x@evil.example', 'Ada'],
    ['Ada evil.co.uk/path?x=1', 'Ada'],
    ['Ada\r\n\r\nYour account is locked', 'Ada Your account is locked'],
    ['Ada\u202eevil', 'Ada evil'],
    ['\u0000\u0007', 'there'],
    ['https://evil.example', 'there'],
  ])('%j reads %j', (name, plain) => {
    expect(plainName(name)).toBe(plain);
  });
});
