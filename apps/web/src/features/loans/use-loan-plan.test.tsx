import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_AFTER_MS, useKeptExtra } from './use-loan-plan.ts';

// The server: the amounts each PUT sent, in order, each answered when the test lets it go.
const sent: number[] = [];
let gates: (() => void)[] = [];
let refuse = false;

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { extra_monthly: number };
    sent.push(body.extra_monthly);
    await new Promise<void>((resolve) => gates.push(resolve));
    if (refuse) return Response.json({ message: 'Something broke on our side' }, { status: 500 });
    return Response.json({ message: 'Extra each month saved', data: body });
  };
  return { api: testApiClient(fetch) };
});

beforeEach(() => {
  // Fake time moves only when a test moves it: with shouldAdvanceTime, a loaded machine's real
  // milliseconds moved it too, and the save fired one step early.
  vi.useFakeTimers();
  sent.length = 0;
  gates = [];
  refuse = false;
});
afterEach(() => vi.useRealTimers());

/** Lets every save waiting at the server answer, and the hook take the answers. */
async function answerAll() {
  for (let i = 0; i < 5; i++) {
    const open = gates;
    gates = [];
    for (const go of open) go();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

function kept(savedCents: number, wanted: number | null) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ cents }) => useKeptExtra(savedCents, cents), { wrapper, initialProps: { cents: wanted } });
}

describe('useKeptExtra: the extra each month is kept as it is typed', () => {
  it('saves once typing pauses, the last amount only, and says so', async () => {
    const { result, rerender } = kept(0, 0);
    rerender({ cents: 2_00 });
    rerender({ cents: 20_00 });
    rerender({ cents: 200_00 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS - 1);
    });
    expect(sent).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(sent).toEqual([200]);
    expect(result.current.status).toBe('saving');
    await answerAll();
    expect(result.current.status).toBe('saved');
  });

  it('never sends the amount it was given as already kept, nor one the field can not read (null)', async () => {
    const { rerender } = kept(150_00, 150_00);
    rerender({ cents: null });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS * 3);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual([]);
  });

  it('a change made while a save is on its way is sent after it: the last typed is what stays', async () => {
    const { result, rerender } = kept(0, 0);
    rerender({ cents: 100_00 });
    await act(async () => {
      void result.current.flush();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual([100]);
    rerender({ cents: 300_00 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS);
    });
    // Still one request: the second waits for the first's answer.
    expect(sent).toEqual([100]);
    await answerAll();
    expect(sent).toEqual([100, 300]);
    expect(result.current.status).toBe('saved');
  });

  it('leaving the field keeps it at once, and so does leaving the page', async () => {
    const first = kept(0, 0);
    first.rerender({ cents: 50_00 });
    await act(async () => {
      void first.result.current.flush();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual([50]);
    await answerAll();

    sent.length = 0;
    const second = kept(0, 0);
    second.rerender({ cents: 75_00 });
    second.unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(sent).toEqual([75]);
    await answerAll();
  });

  it('says when the amount could not be kept, and tries again on the next change', async () => {
    refuse = true;
    const { result, rerender } = kept(0, 0);
    rerender({ cents: 10_00 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS);
    });
    await answerAll();
    expect(result.current.status).toBe('failed');
    refuse = false;
    rerender({ cents: 12_00 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS);
    });
    await answerAll();
    expect(sent).toEqual([10, 12]);
    expect(result.current.status).toBe('saved');
  });
});
