import {
  type Investment,
  type InvestmentAccountBody,
  type InvestmentAccountUpdateBody,
  type InvestmentProfileBody,
  type InvestmentProfileUpdateBody,
  investmentResponse,
} from '@helo/contract/investments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ApiResult, expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const PATH = '/v1/user-investment';
export const INVESTMENT_KEY = ['investments'];

const accountPath = (id: string) => `${PATH}/accounts/${encodeURIComponent(id)}`;

/** The user's profile with its accounts and projection; null before the setup (the API's 404). */
export function useInvestment() {
  return useQuery({
    queryKey: INVESTMENT_KEY,
    queryFn: async (): Promise<Investment | null> => {
      const result = await api.get(PATH, investmentResponse);
      return result.found ? result.data : null;
    },
  });
}

/** Every write answers the whole profile as it now stands: that answer is the page's data. */
function useInvestmentWrite<B>(call: (body: B) => Promise<ApiResult<z.output<typeof investmentResponse>>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => expectFound(await call(body)),
    onSuccess: (result) => client.setQueryData<Investment | null>(INVESTMENT_KEY, result.data),
  });
}

export const useCreateInvestment = () =>
  useInvestmentWrite((body: InvestmentProfileBody) => api.post(PATH, body, investmentResponse));

export const useUpdateProfile = () =>
  useInvestmentWrite((body: InvestmentProfileUpdateBody) => api.put(PATH, body, investmentResponse));

export const useAddAccount = () =>
  useInvestmentWrite((body: InvestmentAccountBody) => api.post(`${PATH}/accounts`, body, investmentResponse));

export const useUpdateAccount = (id: string) =>
  useInvestmentWrite((body: InvestmentAccountUpdateBody) => api.put(accountPath(id), body, investmentResponse));

/** Deletes at the version the page read: an account changed meanwhile is not deleted unseen (409). */
export const useDeleteAccount = (id: string) =>
  useInvestmentWrite((version: number) => api.del(`${accountPath(id)}?version=${version}`, investmentResponse));
