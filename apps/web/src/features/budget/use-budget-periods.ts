import {
  type BudgetPeriod,
  type BudgetSettings,
  type BudgetSettingsBody,
  budgetPeriodResponse,
  budgetSettingsResponse,
} from '@helo/contract/budgets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const PATH = '/v1/budgets';
const SETTINGS_KEY = ['budget', 'settings'];
const PERIOD_KEY = ['budget', 'period'];

/** How the user budgets: by month (the default) or by pay period, and which categories roll over. */
export function useBudgetSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async (): Promise<BudgetSettings> =>
      expectFound(await api.get(`${PATH}/settings`, budgetSettingsResponse)).data,
  });
}

/** The period holding `date`: each category's planned share, rolled over, spent and left. */
export function useBudgetPeriod(date: string, enabled: boolean) {
  return useQuery({
    queryKey: [...PERIOD_KEY, date],
    queryFn: async (): Promise<BudgetPeriod> =>
      expectFound(await api.get(`${PATH}/period?date=${encodeURIComponent(date)}`, budgetPeriodResponse)).data,
    enabled,
    // Previous/Next keep the table in place until the next period arrives.
    placeholderData: keepPreviousData,
  });
}

/** Saves the settings whole; every period is read again (its plan and rollover follow them). */
export function useSaveBudgetSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BudgetSettingsBody) =>
      expectFound(await api.put(`${PATH}/settings`, body, budgetSettingsResponse)),
    onSuccess: (result) => {
      client.setQueryData(SETTINGS_KEY, result.data);
      void client.invalidateQueries({ queryKey: PERIOD_KEY });
    },
  });
}
