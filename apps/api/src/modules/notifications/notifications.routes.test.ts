import { describe, expect, it } from 'vitest';
import { bearer, elevate, GOOD_PASSWORD, register, registerUnverified, verifyByMail } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { insertNotification } from './notifications.repository.ts';

const t = useTestApp();
const list = async (token: string) =>
  (await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) })).json().data as {
    _id: string;
    title: string;
    is_read: boolean;
    date: string;
  }[];
const put = (token: string, url: string) =>
  t().app.inject({ method: 'PUT', url: `/api/v1/notifications/${url}`, headers: bearer(token) });

describe('notifications', () => {
  it('welcomes a new user, and adds one when the email is verified and when the password changes', async () => {
    const unverified = await registerUnverified(t());
    t().clock.advance(1000);
    const { session } = await verifyByMail(t(), unverified.body.email, unverified.session.refresh_token);
    if (!session) throw new Error('the browser that opened the link has no new session');
    await elevate(t(), session);
    t().clock.advance(1000);
    await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(session.access_token),
      payload: { current_password: GOOD_PASSWORD, new_password: 'a-whole-new-passphrase' },
    });
    const titles = (await list(session.access_token)).map((n) => n.title);
    expect(titles).toEqual(['Your password was changed', 'Email verified', 'Welcome to Helo']);
  });

  it('has the spec shape: _id, title, message, date, is_read', async () => {
    const registeredAt = t().clock.now().toISOString();
    const { session } = await register(t());
    const [n] = await list(session.access_token);
    expect(n).toEqual({
      _id: expect.any(String),
      title: 'Welcome to Helo',
      message: expect.stringContaining('welcome aboard'),
      date: registeredAt,
      is_read: false,
    });
  });

  it('marks one read, and all read', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    await insertNotification(db, session.user.id, { kind: 'x', title: 'Second', message: 'm' }, t().clock.now());
    const [first] = await list(session.access_token);
    const res = await put(session.access_token, `${first?._id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_read).toBe(true);
    expect((await list(session.access_token)).map((n) => n.is_read).sort()).toEqual([false, true]);
    // Reading it again is harmless.
    expect((await put(session.access_token, `${first?._id}/read`)).statusCode).toBe(200);
    const all = await put(session.access_token, 'mark-all-read');
    expect(all.json().data.updated).toBe(1);
    expect((await list(session.access_token)).every((n) => n.is_read)).toBe(true);
  });

  it("never shows or touches another user's notifications: their id is a 404", async () => {
    const a = await register(t());
    const b = await register(t());
    const [aNotification] = await list(a.session.access_token);
    expect((await list(b.session.access_token)).map((n) => n._id)).not.toContain(aNotification?._id);
    const res = await put(b.session.access_token, `${aNotification?._id}/read`);
    expect(res.statusCode).toBe(404);
    await put(b.session.access_token, 'mark-all-read');
    expect((await list(a.session.access_token))[0]?.is_read).toBe(false);
  });

  it('answers 404 to an id that is not a notification id at all', async () => {
    const { session } = await register(t());
    expect((await put(session.access_token, 'not-a-uuid/read')).statusCode).toBe(404);
    expect((await put(session.access_token, '00000000-0000-0000-0000-000000000000/read')).statusCode).toBe(404);
  });

  it('refuses a NUL in the id with a 400 naming it, like every text the API takes', async () => {
    const { session } = await register(t());
    const res = await put(session.access_token, 'a%00b/read');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'id', message: 'Notification id contains a character that is not allowed' },
    ]);
  });

  it('pages the whole list newest first, with no row twice or missed, and counts unread over every page', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    // 229 more than the welcome, some sharing a time stamp, so ties are broken by id.
    for (let i = 0; i < 229; i += 1) {
      if (i % 3 === 0) t().clock.advance(1000);
      await insertNotification(db, session.user.id, { kind: 'x', title: `N${i}`, message: 'm' }, t().clock.now());
    }
    const seen: { _id: string; date: string }[] = [];
    const sizes: number[] = [];
    let cursor: string | null | undefined;
    do {
      const query = cursor ? `?limit=100&cursor=${cursor}` : '?limit=100';
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/v1/notifications${query}`,
        headers: bearer(session.access_token),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.unread_count).toBe(230);
      sizes.push(page.data.length);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(sizes).toEqual([100, 100, 30]);
    expect(new Set(seen.map((n) => n._id)).size).toBe(230);
    const dates = seen.map((n) => n.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The default page is 50: the list no longer silently stops at 200.
    const first = (
      await t().app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(session.access_token) })
    ).json();
    expect(first.data).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('lists only the unread ones with unread=true, paged the same way, and all of them again without', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t().clock.advance(1000);
      const row = await insertNotification(
        db,
        session.user.id,
        { kind: 'x', title: `N${i}`, message: 'm' },
        t().clock.now(),
      );
      ids.push(row?.id ?? '');
    }
    await put(session.access_token, `${ids[1]}/read`);
    await put(session.access_token, `${ids[3]}/read`);
    const get = async (query: string) =>
      (
        await t().app.inject({
          method: 'GET',
          url: `/api/v1/notifications${query}`,
          headers: bearer(session.access_token),
        })
      ).json();
    const first = await get('?unread=true&limit=2');
    expect(first.data.map((n: { title: string }) => n.title)).toEqual(['N4', 'N2']);
    expect(first.unread_count).toBe(4);
    const second = await get(`?unread=true&limit=2&cursor=${first.next_cursor}`);
    // The welcome notification is unread too, and the oldest.
    expect(second.data.map((n: { title: string }) => n.title)).toEqual(['N0', expect.any(String)]);
    expect(second.data.every((n: { is_read: boolean }) => !n.is_read)).toBe(true);
    expect(second.next_cursor).toBeNull();
    expect((await get('?unread=false&limit=100')).data).toHaveLength(6);
  });

  it.each([
    ['?cursor=garbage', 'cursor'],
    ['?unread=yes', 'unread'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
  ])('refuses %s with a 400 naming the field', async (query, path) => {
    const { session } = await register(t());
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/v1/notifications${query}`,
      headers: bearer(session.access_token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe(path);
  });

  it("shows nothing of another user's through their cursor", async () => {
    const a = await register(t());
    const b = await register(t());
    const db = t().database.db;
    for (let i = 0; i < 3; i += 1) {
      await insertNotification(db, a.session.user.id, { kind: 'x', title: `A${i}`, message: 'm' }, t().clock.now());
    }
    const aPage = (
      await t().app.inject({
        method: 'GET',
        url: '/api/v1/notifications?limit=1',
        headers: bearer(a.session.access_token),
      })
    ).json();
    const res = await t().app.inject({
      method: 'GET',
      url: `/api/v1/notifications?cursor=${aPage.next_cursor}`,
      headers: bearer(b.session.access_token),
    });
    expect(res.json().data.map((n: { title: string }) => n.title)).not.toContain('A0');
  });

  it('needs a signed-in user', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });

  it('creates a keyed notification once, however often it is asked for', async () => {
    const { session } = await register(t());
    const db = t().database.db;
    const n = { kind: 'loan_due', title: 'Payment due', message: 'm', dedupeKey: 'loan:1:2026-12-01' };
    const results = await Promise.all([1, 2, 3].map(() => insertNotification(db, session.user.id, n, t().clock.now())));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await list(session.access_token)).filter((x) => x.title === 'Payment due')).toHaveLength(1);
  });
});
