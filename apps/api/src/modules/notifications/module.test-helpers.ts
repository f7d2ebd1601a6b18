import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The notifications' part of the test harness (module-harness.ts): every user has a welcome notification. */
export const harness: ModuleHarness = {
  pathIds: [{ route: /\/notifications\/\{id\}/, param: 'id', name: 'notification_id' }],
};
