import {
  type Budget,
  budgetPrefillResponse,
  budgetResponse,
  budgetsResponse,
  type CreateBudgetBody,
  deleteBudgetResponse,
  type UpdateBudgetBody,
} from '@helo/contract/budgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const PATH = '/v1/user-budgets';
export const BUDGETS_KEY = ['budget'];
const PREFILL_KEY = ['budget', 'prefill'];

/** The user's budgets, newest month first (empty before the first one). */
export function useBudgets() {
  return useQuery({
    queryKey: BUDGETS_KEY,
    queryFn: async (): Promise<Budget[]> => expectFound(await api.get(PATH, budgetsResponse)).data,
  });
}

/** What the setup fills in from the user's loans. */
export function useBudgetPrefill() {
  return useQuery({
    queryKey: PREFILL_KEY,
    queryFn: async () => expectFound(await api.get(`${PATH}/prefill`, budgetPrefillResponse)).data,
  });
}

/** Puts a saved budget in the list, in its month's place (newest first). */
function putInList(client: ReturnType<typeof useQueryClient>, saved: Budget) {
  client.setQueryData<Budget[]>(BUDGETS_KEY, (list = []) =>
    [...list.filter((b) => b.id !== saved.id), saved].sort((a, b) => b.month.localeCompare(a.month)),
  );
}

/** Creates a month (a new one, or a copy with `copy_from`). */
export function useCreateBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBudgetBody) => expectFound(await api.post(PATH, body, budgetResponse)),
    onSuccess: (result) => putInList(client, result.data),
    // The month exists already (made in another tab): the list this page holds is behind.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: BUDGETS_KEY });
    },
  });
}

export function useUpdateBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateBudgetBody }) =>
      expectFound(await api.put(`${PATH}/${encodeURIComponent(id)}`, body, budgetResponse)),
    onSuccess: (result) => putInList(client, result.data),
  });
}

export function useDeleteBudget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (budget: Budget) =>
      expectFound(
        await api.del(`${PATH}/${encodeURIComponent(budget.id)}?version=${budget.version}`, deleteBudgetResponse),
      ),
    onSuccess: (_, budget) =>
      client.setQueryData<Budget[]>(BUDGETS_KEY, (list = []) => list.filter((b) => b.id !== budget.id)),
  });
}

/** Reads the list again (after a stale save). */
export function useReloadBudgets() {
  const client = useQueryClient();
  return () => client.refetchQueries({ queryKey: BUDGETS_KEY });
}
