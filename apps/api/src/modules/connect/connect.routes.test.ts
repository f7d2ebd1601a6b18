import { connectRequests as connectTable, notifications, outboxMail } from '@helo/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { connectRequests, REQUEST } from './connect.test-helpers.ts';

const t = useTestApp();
const api = connectRequests(t);

/** The user's 'advisor request received' notifications, oldest first. */
async function advisorNotes(userId: string) {
  return t()
    .database.db.select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'advisor_request_received')))
    .orderBy(asc(notifications.createdAt));
}

/** The advisor request mails that name this user, oldest first (test support address from testConfig). */
async function supportMails(email: string) {
  const rows = await t()
    .database.db.select({
      to: outboxMail.toAddress,
      subject: outboxMail.subject,
      text: outboxMail.textBody,
      html: outboxMail.htmlBody,
    })
    .from(outboxMail)
    .where(eq(outboxMail.kind, 'advisor_request'))
    .orderBy(asc(outboxMail.createdAt));
  return rows.filter((m) => m.text.includes(email));
}

describe('GET/POST/PUT /v1/user-connect', () => {
  it("answers 404 'No advisor request yet' before the first one (the client then creates it)", async () => {
    const { token } = await api.user();
    const res = await api.get(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No advisor request yet' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('creates the request and reads it back as the contract describes it', async () => {
    const { token } = await api.user();
    const res = await api.create(token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Your request has been sent',
      data: {
        id: expect.any(String),
        professionals_need: ['Financial Advisor', 'Accountant'],
        has_working_professional: true,
        satisfaction_level: 'dissatisfied',
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
      },
    });
    const read = await api.get(token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(res.json().data);
  });

  it('stores no satisfaction level for someone who works with no professional, whatever was sent', async () => {
    for (const satisfaction_level of ['very_satisfied', null, undefined]) {
      const { token } = await api.user();
      const res = await api.create(token, { ...REQUEST, has_working_professional: false, satisfaction_level });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ has_working_professional: false, satisfaction_level: null });
      expect((await api.get(token)).json().data.satisfaction_level).toBeNull();
    }
  });

  it('takes has_working_professional as yes when it is left out (the spec default)', async () => {
    const { token } = await api.user();
    const { has_working_professional: _, ...rest } = REQUEST;
    const res = await api.create(token, rest);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ has_working_professional: true, satisfaction_level: 'dissatisfied' });
  });

  it('refuses a second request with a 409 and keeps the first', async () => {
    const { token, userId, email } = await api.user();
    expect((await api.create(token)).statusCode).toBe(201);
    const again = await api.create(token, { ...REQUEST, professionals_need: ['Mortgage Broker'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You have already sent an advisor request. Update it instead.' });
    expect((await api.get(token)).json().data.professionals_need).toEqual(['Financial Advisor', 'Accountant']);
    // The refused save rolled back whole: no second notification, no second mail.
    expect(await advisorNotes(userId)).toHaveLength(1);
    expect(await supportMails(email)).toHaveLength(1);
  });

  it('updates the request, and answers 404 when there is none to update', async () => {
    const { token } = await api.user();
    const missing = await api.update(token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No advisor request yet' });
    expect((await api.get(token)).statusCode).toBe(404);

    const created = (await api.create(token)).json().data;
    t().clock.advance(60_000);
    const res = await api.update(token, {
      professionals_need: ['Real Estate Agent', 'Mortgage Broker', 'P&C Insurance'],
      has_working_professional: false,
      satisfaction_level: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your request has been updated',
      data: {
        id: created.id,
        professionals_need: ['Real Estate Agent', 'Mortgage Broker', 'P&C Insurance'],
        has_working_professional: false,
        satisfaction_level: null,
        created_at: created.created_at,
        updated_at: '2026-11-21T12:01:00.000Z',
      },
    });
    expect((await api.get(token)).json().data).toEqual(res.json().data);
  });

  it('accepts all seven professionals at once', async () => {
    const all = [
      'Financial Advisor',
      'Financial Coach',
      'Accountant',
      'Estate Planning Attorney',
      'P&C Insurance',
      'Mortgage Broker',
      'Real Estate Agent',
    ];
    const { token } = await api.user();
    const res = await api.create(token, { ...REQUEST, professionals_need: all });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.professionals_need).toEqual(all);
  });
});

describe('validation: each bad field is a 400 naming it, and nothing is saved', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      'professionals_need missing',
      { professionals_need: undefined },
      'professionals_need',
      'Professionals needed is required',
    ],
    [
      'professionals_need null',
      { professionals_need: null },
      'professionals_need',
      'Professionals needed must be a list',
    ],
    [
      'professionals_need a string',
      { professionals_need: 'Accountant' },
      'professionals_need',
      'Professionals needed must be a list',
    ],
    [
      'professionals_need an empty string',
      { professionals_need: '' },
      'professionals_need',
      'Professionals needed must be a list',
    ],
    ['professionals_need empty', { professionals_need: [] }, 'professionals_need', 'Choose at least one professional'],
    [
      'an unknown professional',
      { professionals_need: ['Accountant', 'Astrologer'] },
      'professionals_need.1',
      'Choose professionals from the list',
    ],
    [
      'a professional in other case',
      { professionals_need: ['accountant'] },
      'professionals_need.0',
      'Choose professionals from the list',
    ],
    [
      'a professional that is a number',
      { professionals_need: [3] },
      'professionals_need.0',
      'Choose professionals from the list',
    ],
    [
      'a professional with NUL',
      { professionals_need: ['Accountant\u0000'] },
      'professionals_need.0',
      'Choose professionals from the list',
    ],
    [
      'the same professional twice',
      { professionals_need: ['Accountant', 'Accountant'] },
      'professionals_need',
      'Choose each professional at most once',
    ],
    [
      'has_working_professional a string',
      { has_working_professional: 'yes' },
      'has_working_professional',
      'Works with a professional must be yes or no',
    ],
    [
      'has_working_professional null',
      { has_working_professional: null },
      'has_working_professional',
      'Works with a professional must be yes or no',
    ],
    [
      'has_working_professional true without satisfaction_level',
      { satisfaction_level: undefined },
      'satisfaction_level',
      'Choose how satisfied you are',
    ],
    [
      'has_working_professional true with satisfaction_level null',
      { satisfaction_level: null },
      'satisfaction_level',
      'Choose how satisfied you are',
    ],
    [
      'an unknown satisfaction_level',
      { satisfaction_level: 'ecstatic' },
      'satisfaction_level',
      'Choose how satisfied you are',
    ],
    ['satisfaction_level a number', { satisfaction_level: 3 }, 'satisfaction_level', 'Choose how satisfied you are'],
    [
      'satisfaction_level with NUL',
      { satisfaction_level: 'satisfied\u0000' },
      'satisfaction_level',
      'Choose how satisfied you are',
    ],
  ];

  it.each(cases)('POST: %s', async (_name, change, path, message) => {
    const { token, userId, email } = await api.user();
    const res = await api.create(token, { ...REQUEST, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path, message }]);
    expect(res.json().message).toContain(message);
    expect((await api.get(token)).statusCode).toBe(404);
    expect(await advisorNotes(userId)).toEqual([]);
    expect(await supportMails(email)).toEqual([]);
  });

  it.each(cases)('PUT: %s', async (_name, change, path, message) => {
    const { token, userId } = await api.user();
    await api.create(token);
    const before = (await api.get(token)).json().data;
    const res = await api.update(token, { ...REQUEST, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path, message }]);
    expect((await api.get(token)).json().data).toEqual(before);
    expect(await advisorNotes(userId)).toHaveLength(1);
  });

  it('refuses a body that is not an object, and one that is not JSON', async () => {
    const { token } = await api.user();
    for (const payload of ['["Accountant"]', '"Accountant"', 'null', '{"professionals_need": [']) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v1/user-connect',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await api.get(token)).statusCode).toBe(404);
  });

  it('answers 401 without a session, for each method', async () => {
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const res = await t().app.inject({ method, url: '/api/v1/user-connect', payload: REQUEST });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('what a save sets off', () => {
  it("tells the user in the bell: 'Advisor request received', naming the professionals", async () => {
    const { token, userId } = await api.user();
    t().clock.advance(1000); // after the welcome, so the bell lists it first
    await api.create(token, { ...REQUEST, professionals_need: ['Accountant', 'P&C Insurance', 'Financial Coach'] });
    expect(await advisorNotes(userId)).toEqual([
      {
        title: 'Advisor request received',
        message:
          'Thanks for reaching out! We received your request to connect with an accountant, a P&C (property and casualty) insurance agent and a financial coach. Our team will contact you by email to arrange it.',
      },
    ]);
    const bell = await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) });
    expect(bell.json().data[0]).toMatchObject({ title: 'Advisor request received', is_read: false });
    expect(bell.json().unread_count).toBeGreaterThanOrEqual(1);

    t().clock.advance(1000);
    await api.update(token, { ...REQUEST, professionals_need: ['Mortgage Broker'] });
    const notes = await advisorNotes(userId);
    expect(notes).toHaveLength(2);
    expect(notes[1]).toEqual({
      title: 'Advisor request received',
      message:
        'We received your updated request: you would like to connect with a mortgage broker. Our team will contact you by email to arrange it.',
    });
  });

  it('mails each save to the support address with who asked, for whom, and their answers', async () => {
    const { token, email } = await api.user();
    await api.create(token);
    let mails = await supportMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'support@helo.test', subject: 'New advisor request: Ada Lovelace' });
    expect(mails[0]?.text).toContain(
      `Ada Lovelace (${email}) asks to be connected with: Financial Advisor, Accountant.`,
    );
    expect(mails[0]?.text).toContain('Already works with a financial professional: Yes, dissatisfied with them.');
    expect(mails[0]?.text).toContain(`Reply to ${email} to arrange the introduction.`);

    t().clock.advance(1000);
    await api.update(token, { professionals_need: ['Estate Planning Attorney'], has_working_professional: false });
    mails = await supportMails(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Updated advisor request: Ada Lovelace');
    expect(mails[1]?.text).toContain(
      'changed their request: they now ask to be connected with: Estate Planning Attorney.',
    );
    expect(mails[1]?.text).toContain('Already works with a financial professional: No.');
  });

  it("keeps the requester's name to one line in the subject and escapes it in the HTML", async () => {
    const { session, body } = await (await import('../../../test/accounts.ts')).register(t(), {
      first_name: '<b>Eve</b>',
      last_name: 'Smith\r\nBcc: x@example.com',
    });
    await api.create(session.access_token);
    const [mail] = await supportMails(body.email);
    // One line, and the name's link-like text gone (names in mails carry no links).
    expect(mail?.subject).toMatch(/^New advisor request: <b>Eve<\/b> Smith[^\r\n]*$/);
    expect(mail?.subject).not.toContain('example.com');
    expect(mail?.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>Eve</b>');
  });
});

describe("another user's request", () => {
  it('is invisible and untouchable: their GET and PUT are 404, and their POST makes their own', async () => {
    const a = await api.user();
    const b = await api.user();
    const aRequest = (await api.create(a.token)).json().data;

    expect((await api.get(b.token)).statusCode).toBe(404);
    const put = await api.update(b.token, { ...REQUEST, professionals_need: ['Real Estate Agent'] });
    expect(put.statusCode).toBe(404);
    expect(put.body).not.toContain(aRequest.id);

    const own = await api.create(b.token, { ...REQUEST, professionals_need: ['Real Estate Agent'] });
    expect(own.statusCode).toBe(201);
    expect(own.json().data.id).not.toBe(aRequest.id);
    expect((await api.get(b.token)).json().data.professionals_need).toEqual(['Real Estate Agent']);

    // A's request, notification and mail are A's alone.
    expect((await api.get(a.token)).json().data).toEqual(aRequest);
    expect(await advisorNotes(a.userId)).toHaveLength(1);
    expect(await advisorNotes(b.userId)).toHaveLength(1);
    const rows = await t().database.db.select().from(connectTable).where(eq(connectTable.userId, a.userId));
    expect(rows.map((r) => r.professionalsNeed)).toEqual([['Financial Advisor', 'Accountant']]);
  });

  it('ignores a user id slipped into the body', async () => {
    const a = await api.user();
    const b = await api.user();
    await api.create(a.token);
    const res = await api.create(b.token, { ...REQUEST, user_id: a.userId, userId: a.userId });
    expect(res.statusCode).toBe(201);
    const rows = await t().database.db.select().from(connectTable).where(eq(connectTable.userId, b.userId));
    expect(rows).toHaveLength(1);
    expect((await api.get(a.token)).json().data.professionals_need).toEqual(['Financial Advisor', 'Accountant']);
  });
});
