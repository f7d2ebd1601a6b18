import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { writeInvalidation } from './query-client.tsx';

function clientWithQueries() {
  const client = new QueryClient({ mutationCache: writeInvalidation() });
  for (const key of [['nest'], ['nest', 'entries'], ['wallet', 'summary', '2025-01'], ['home']]) {
    client.setQueryData(key, 'fresh');
  }
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey);
  return { client, stale };
}

describe('the invalidation loop', () => {
  it('marks stale every query of the features a write names, by their ids, and no other', async () => {
    const { client, stale } = clientWithQueries();
    const write = client.getMutationCache().build(client, {
      mutationFn: async () => 'saved',
      meta: { invalidates: ['nest', 'home'] },
    });
    await write.execute(undefined);
    expect(stale()).toEqual([['nest'], ['nest', 'entries'], ['home']]);
  });

  it('leaves everything as it was after a write that names nothing, or that fails', async () => {
    const { client, stale } = clientWithQueries();
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'saved' })
      .execute(undefined);
    const failing = client.getMutationCache().build(client, {
      mutationFn: async () => Promise.reject(new Error('refused')),
      meta: { invalidates: ['nest'] },
    });
    await expect(failing.execute(undefined)).rejects.toThrow('refused');
    expect(stale()).toEqual([]);
  });
});
