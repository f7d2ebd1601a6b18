import type { Db } from '@helo/db/client';

/**
 * A query run on every request, built and prepared once per database handle. Drizzle otherwise
 * rebuilds the SQL text on each call (a fifth of a signed-in read's CPU, profiled under load), and
 * PostgreSQL re-plans it; a named statement is parsed once per connection.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}
