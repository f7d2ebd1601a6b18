import { describe, expect, it } from 'vitest';
import { dashboardRedirect } from './guards.ts';

const session = (email_verified: boolean) => ({
  access_token: 'a',
  expires_in: 1,
  timestamp: 0,
  user: { id: '1', first_name: 'A', last_name: 'B', email: 'a@b.co', email_verified },
});

describe('dashboard guard', () => {
  it('sends a signed-out visitor to /login', () => expect(dashboardRedirect(null)).toBe('/login'));
  it('keeps the page a signed-out visitor asked for', () =>
    expect(dashboardRedirect(null, '/dashboard/my-wallet?month=2026-11')).toBe(
      '/login?next=%2Fdashboard%2Fmy-wallet%3Fmonth%3D2026-11',
    ));
  it('sends an unverified user to /onboarding', () => expect(dashboardRedirect(session(false))).toBe('/onboarding'));
  it('lets a verified user in', () => expect(dashboardRedirect(session(true))).toBeNull());
});
