import { type OnboardingProfileBody, onboardingProfileResponse } from '@helo/contract/onboarding';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';

const KEY = ['onboarding'];

/**
 * The answers of the setup after verifying. The emergency fund's and the budget's setups start
 * from its income; a failed read leaves their income empty, as before the setup existed.
 */
export function useOnboardingProfile() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => expectFound(await api.get('/v1/onboarding/profile', onboardingProfileResponse)).data,
  });
}

/** The income the setup saved, as the currency inputs hold it ('' when none or not loaded). */
export function useSetupIncome(): { income: string; settled: boolean } {
  const profile = useOnboardingProfile();
  const income = profile.data?.monthly_income;
  return { income: income == null ? '' : String(income), settled: !profile.isPending };
}

export function useSaveOnboardingProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OnboardingProfileBody) =>
      expectFound(await api.put('/v1/onboarding/profile', body, onboardingProfileResponse)),
    onSuccess: (result) => client.setQueryData(KEY, result.data),
  });
}
