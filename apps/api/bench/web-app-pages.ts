import { debtsBody } from './bench-users.ts';

/** One API call as the web app makes it; `route` names it in the figures. */
export interface Call {
  route: string;
  method: 'GET' | 'PUT';
  path: string;
  body?: unknown;
}

const get = (path: string): Call => ({ route: `GET ${path}`, method: 'GET', path });
const put = (path: string, body: unknown = {}): Call => ({ route: `PUT ${path}`, method: 'PUT', path, body });

/**
 * What a signed-in user's clicks cost the API, page by page, with how often each happens. Each
 * page's calls go out together, as the web app's queries do; `then` runs after them (a save).
 */
export const pages: { name: string; weight: number; calls: (seed: number) => Call[][] }[] = [
  {
    name: 'my loans (dashboard)',
    weight: 50,
    calls: () => [[get('/v1/auth/register'), get('/v1/notifications'), get('/v1/user-debts'), get('/v1/debts')]],
  },
  {
    name: 'save loans',
    weight: 20,
    calls: (seed) => [[get('/v1/user-debts'), get('/v1/debts')], [put('/v1/user-debts', debtsBody(seed))]],
  },
  {
    name: 'reminder settings',
    weight: 15,
    calls: (seed) => [
      [get('/v1/email-reminder-preferences')],
      [
        put('/v1/email-reminder-preferences', {
          payment_due_reminders: true,
          payment_due_lead_days: 1 + (seed % 7),
          goal_milestones: seed % 2 === 0,
          monthly_summary: true,
          product_news: false,
        }),
      ],
    ],
  },
  {
    name: 'notifications',
    weight: 15,
    calls: () => [[get('/v1/notifications')], [put('/v1/notifications/mark-all-read')]],
  },
];
