import {
  type Forecast,
  type ForecastSettingsBody,
  forecastResponse,
  forecastSettingsResponse,
} from '@helo/contract/forecast';
import { useMutation, useQuery } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { forecastFeature } from './feature.ts';

const PATH = '/v1/forecast';

/** The next `days` days (1–90). `enabled` false asks nothing. */
export function useForecast(days = 90, enabled = true) {
  return useQuery({
    queryKey: ['forecast', days],
    queryFn: async (): Promise<Forecast> => expectFound(await api.get(`${PATH}?days=${days}`, forecastResponse)).data,
    enabled,
  });
}

export function useForecastSettings() {
  return useQuery({
    queryKey: ['forecast', 'settings'],
    queryFn: async () => expectFound(await api.get(`${PATH}/settings`, forecastSettingsResponse)).data,
  });
}

export function useSaveForecastSettings() {
  return useMutation({
    meta: { invalidates: ['forecast', ...forecastFeature.invalidates] },
    mutationFn: async (body: ForecastSettingsBody) =>
      expectFound(await api.put(`${PATH}/settings`, body, forecastSettingsResponse)),
  });
}
