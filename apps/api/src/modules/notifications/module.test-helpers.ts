import { expect } from 'vitest';
import { bPreferences, type MatrixRow } from '../../../test/harness/access-matrix.ts';
import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The notifications's rows of the access matrix (access-control.test.ts, access-matrix.ts). */
const matrix: Record<string, MatrixRow> = {
  'GET /api/v1/notifications/': {
    access: 'own',
    status: 200,
    check: (p, res) => expect(res.json().data.map((n: { _id: string }) => n._id)).toContain(p.b.notificationId),
  },
  'PUT /api/v1/notifications/mark-all-read': { access: 'own', status: 200 },
  'PUT /api/v1/notifications/{id}/read': {
    access: 'by-id',
    send: (p) => ({ params: { id: p.a.notificationId } }),
    status: 404,
    control: (p) => ({ params: { id: p.b.notificationId } }),
  },
  'GET /api/v1/email-reminder-preferences/': {
    access: 'own',
    status: 200,
    check: (_p, res) => expect(res.json().data).toMatchObject(bPreferences),
  },
  'PUT /api/v1/email-reminder-preferences/': { access: 'own', send: () => ({ body: bPreferences }), status: 200 },
};

/** The notifications' part of the test harness (module-harness.ts): every user has a welcome notification. */
export const harness: ModuleHarness = {
  matrix,
  pathIds: [{ route: /\/notifications\/\{id\}/, param: 'id', name: 'notification_id' }],
};
