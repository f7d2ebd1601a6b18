import { type LoanPlan, type LoanPlanBody, loanPlanResponse } from '@helo/contract/user-debts';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const LOAN_PLAN_KEY = ['loans', 'plan'];

/** The payoff plans' settings kept for the user: the extra each month ($0 until changed). */
export function useLoanPlan() {
  return useQuery({
    queryKey: LOAN_PLAN_KEY,
    queryFn: async (): Promise<LoanPlan> => expectFound(await api.get('/v1/loan-plan', loanPlanResponse)).data,
  });
}

function useSaveLoanPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoanPlanBody) => expectFound(await api.put('/v1/loan-plan', body, loanPlanResponse)),
    onSuccess: (result) => client.setQueryData(LOAN_PLAN_KEY, result.data),
  });
}

export type KeepStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** How long typing must pause before the amount is kept (leaving the field keeps it at once). */
export const KEEP_AFTER_MS = 800;

/**
 * Keeps the extra amount on the server as the user changes it (issue 25: it is remembered across
 * visits): `wantedCents` is saved once typing pauses, at once on `flush()` (the field is left) and
 * when the plans unmount. One save at a time: a change made while one is on its way is sent after
 * it, so the last amount typed is the one kept, never an older one that arrived late.
 */
export function useKeptExtra(savedCents: number, wantedCents: number | null) {
  const save = useSaveLoanPlan();
  const mutate = useRef(save.mutateAsync);
  mutate.current = save.mutateAsync;
  const [status, setStatus] = useState<KeepStatus>('idle');
  const kept = useRef(savedCents);
  const wanted = useRef(savedCents);
  const busy = useRef(false);
  const mounted = useRef(true);

  const flush = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      while (wanted.current !== kept.current) {
        const cents = wanted.current;
        if (mounted.current) setStatus('saving');
        const result = await mutate.current({ extra_monthly: centsToDollars(cents) });
        kept.current = dollarsToCents(result.data.extra_monthly);
        if (mounted.current) setStatus('saved');
      }
    } catch {
      if (mounted.current) setStatus('failed');
    } finally {
      busy.current = false;
    }
  }, []);

  // A usable amount (null: the field holds none) is kept once typing pauses.
  useEffect(() => {
    if (wantedCents === null) return;
    wanted.current = wantedCents;
    if (wantedCents === kept.current) return;
    const timer = setTimeout(() => void flush(), KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [wantedCents, flush]);

  // Leaving the page (or the list changing, which remounts the plans) keeps the last amount too.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      void flush();
    };
  }, [flush]);

  return { status, flush };
}
