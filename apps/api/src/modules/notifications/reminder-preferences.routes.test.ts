import { describe, expect, it } from 'vitest';
import { bearer, register } from '../../../test/accounts.ts';
import { useTestApp } from '../../../test/test-app.ts';

const t = useTestApp();
const url = '/api/v1/email-reminder-preferences';
const valid = {
  payment_due_reminders: false,
  payment_due_lead_days: 7,
  goal_milestones: true,
  monthly_summary: true,
  product_news: false,
};

describe('email reminder preferences', () => {
  it('starts from the defaults, with security emails always on', async () => {
    const { session } = await register(t());
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(session.access_token) });
    expect(res.json().data).toEqual({
      payment_due_reminders: true,
      payment_due_lead_days: 3,
      goal_milestones: true,
      monthly_summary: false,
      product_news: false,
      security_emails: true,
    });
  });

  it('saves and reads back, per user', async () => {
    const a = await register(t());
    const b = await register(t());
    const saved = await t().app.inject({ method: 'PUT', url, headers: bearer(a.session.access_token), payload: valid });
    expect(saved.statusCode).toBe(200);
    const again = await t().app.inject({
      method: 'PUT',
      url,
      headers: bearer(a.session.access_token),
      payload: { ...valid, payment_due_lead_days: 14 },
    });
    expect(again.json().data.payment_due_lead_days).toBe(14);
    const readA = await t().app.inject({ method: 'GET', url, headers: bearer(a.session.access_token) });
    expect(readA.json().data).toEqual({ ...valid, payment_due_lead_days: 14, security_emails: true });
    const readB = await t().app.inject({ method: 'GET', url, headers: bearer(b.session.access_token) });
    expect(readB.json().data.payment_due_lead_days).toBe(3);
  });

  it.each([
    [{ ...valid, payment_due_lead_days: 0 }, 'payment_due_lead_days'],
    [{ ...valid, payment_due_lead_days: 31 }, 'payment_due_lead_days'],
    [{ ...valid, payment_due_lead_days: 2.5 }, 'payment_due_lead_days'],
    [{ ...valid, product_news: 'yes' }, 'product_news'],
    [{ ...valid, goal_milestones: undefined }, 'goal_milestones'],
  ])('refuses %j naming the field, and keeps what was saved', async (payload, path) => {
    const { session } = await register(t());
    await t().app.inject({ method: 'PUT', url, headers: bearer(session.access_token), payload: valid });
    const res = await t().app.inject({ method: 'PUT', url, headers: bearer(session.access_token), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    const read = await t().app.inject({ method: 'GET', url, headers: bearer(session.access_token) });
    expect(read.json().data.payment_due_lead_days).toBe(7);
  });

  it('needs a signed-in user', async () => {
    expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
