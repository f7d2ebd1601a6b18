import type { ModuleHarness } from '../../../test/harness/module-harness.ts';

/** The tools' part of the test harness (module-harness.ts): one of the product's tools, which every user may join. */
export const harness: ModuleHarness = {
  pathIds: [{ route: /\/tools\/\{id\}\/waitlist/, param: 'id', name: 'tool_id' }],
};
