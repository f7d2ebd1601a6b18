import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { useStaleSave } from './stale-save.ts';

const toasts: [string, string][] = [];
vi.mock('./toaster.tsx', () => ({
  mountToaster: async () => (type: string, text: string) => void toasts.push([type, text]),
}));
afterEach(() => {
  toasts.length = 0;
});

function staleSave(client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useStaleSave(), { wrapper }).result;
}

describe('useStaleSave', () => {
  it('a 409 is the stale reason, not a failure of the form, and toasts nothing', async () => {
    const result = staleSave();
    await act(() =>
      result.current.save(async () => {
        throw new ApiError(409, 'This goal was changed in another tab');
      }),
    );
    expect(result.current.stale).toBe('This goal was changed in another tab');
    expect(toasts).toEqual([]);
  });

  it('any other refusal is toasted and thrown on for the form, and clears an earlier stale reason', async () => {
    const result = staleSave();
    await act(() =>
      result.current.save(async () => {
        throw new ApiError(409, 'Changed meanwhile');
      }),
    );
    const refused = new ApiError(400, 'Target amount must be more than $0');
    await act(() =>
      expect(
        result.current.save(async () => {
          throw refused;
        }),
      ).rejects.toBe(refused),
    );
    expect(result.current.stale).toBeNull();
    await vi.waitFor(() => expect(toasts).toEqual([['error', 'Target amount must be more than $0']]));
  });

  it('Reload fetches the record again, hands over what came, and hides the reason', async () => {
    const client = new QueryClient();
    let version = 1;
    await client.fetchQuery({ queryKey: ['goals'], queryFn: async () => [{ version }] });
    const result = staleSave(client);
    await act(() =>
      result.current.save(async () => {
        throw new ApiError(409, 'Changed meanwhile');
      }),
    );
    version = 2;
    client
      .getQueryCache()
      .find({ queryKey: ['goals'] })
      ?.setOptions({
        queryKey: ['goals'],
        queryFn: async () => [{ version }],
      });
    const apply = vi.fn();
    await act(() => result.current.reload<{ version: number }[]>(['goals'], apply));
    expect(apply).toHaveBeenCalledWith([{ version: 2 }]);
    expect(result.current.stale).toBeNull();
  });
});
