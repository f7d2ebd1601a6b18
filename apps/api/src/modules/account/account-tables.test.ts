import { getTableColumns, getTableName } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';
import { USER_TABLES } from '../registry.ts';
import { LEFT_OUT } from './account-tables.ts';
import { listTables } from './schema-scan.test-helpers.ts';

const getT = useTestApp();

const leftOut = (name: string) => name in LEFT_OUT || `${name.split('.')[0]}.*` in LEFT_OUT;

it('every table of the database is exported or left out with a reason', async () => {
  const tables = await listTables(getT().database.db);
  expect(tables.length).toBeGreaterThan(30);
  const exported = new Set(USER_TABLES.map((t) => `public.${t.name}`));
  expect(
    tables.filter((name) => !exported.has(name) && !leftOut(name)),
    'tables neither in the userTables of a module (modules/<x>/module.ts) nor in LEFT_OUT (account-tables.ts): say how the export reads them, or why not',
  ).toEqual([]);
  expect(
    USER_TABLES.filter((t) => !tables.includes(`public.${t.name}`)).map((t) => t.name),
    'USER_TABLES names a table the database does not have',
  ).toEqual([]);
});

it('each entry names its own table, and withholds columns that exist and every column that looks like a secret', () => {
  for (const t of USER_TABLES) {
    expect(getTableName(t.table)).toBe(t.name);
    const columns = Object.values(getTableColumns(t.table)).map((c) => c.name);
    for (const w of t.withheld) expect(columns, `${t.name}.${w}`).toContain(w);
    const secretLooking = columns.filter((c) => /hash|secret|public_key|credential|challenge/.test(c));
    const exposed = secretLooking.filter((c) => !t.withheld.includes(c));
    expect(exposed, `${t.name}: columns that look like secrets and are exported`).toEqual([]);
    expect(t.about.length).toBeGreaterThan(10);
  }
});
