import { type LoanBucket, type LoanBucketBody, loanBucketResponse } from '@helo/contract/loan-bucket';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { loansFeature } from './feature.ts';

const PATH = '/v1/nest/loan-bucket';
export const LOAN_BUCKET_KEY = ['loans', 'loan-bucket'];

/** The Money Nest's Loan payments bucket as My Loans shows it (GET /v1/nest/loan-bucket). */
export function useLoanBucket() {
  return useQuery({
    queryKey: LOAN_BUCKET_KEY,
    queryFn: async (): Promise<LoanBucket> => expectFound(await api.get(PATH, loanBucketResponse)).data,
  });
}

/** Saves the rate the bucket earns; the answer is the bucket as it now is. */
export function useSaveBucketRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoanBucketBody) => expectFound(await api.put(PATH, body, loanBucketResponse)).data,
    onSuccess: (bucket) => client.setQueryData(LOAN_BUCKET_KEY, bucket),
    meta: { invalidates: loansFeature.invalidates },
  });
}
