import { type Account, accountsResponse } from '@helo/contract/accounts';
import type { UserDebt } from '@helo/contract/user-debts';
import {
  type LoanPayment,
  type LoanPaymentBody,
  loanPaymentResponse,
  loanPaymentsResponse,
  loanPaymentUndoResponse,
} from '@helo/contract/user-debts-payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { expectFound } from '../../lib/api-client.ts';
import { api } from '../../lib/auth.ts';
import { loansFeature } from './feature.ts';
import { USER_DEBTS_KEY } from './use-debts.ts';

const paymentsPath = (loanId: string) => `/v1/user-debts/${encodeURIComponent(loanId)}/payments`;
export const paymentsKey = (loanId: string) => ['loans', 'payments', loanId];

/** The user's open accounts, the Wallet first (GET /v1/accounts): where a payment can come from. */
export function usePayFromAccounts() {
  return useQuery({
    queryKey: ['loans', 'accounts'],
    queryFn: async (): Promise<Account[]> => expectFound(await api.get('/v1/accounts', accountsResponse)).data,
  });
}

/** The loan's payments, newest first: the Money Nest's and those the user recorded. Read while `enabled`. */
export function useLoanPayments(loanId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentsKey(loanId),
    queryFn: async (): Promise<LoanPayment[]> =>
      expectFound(await api.get(paymentsPath(loanId), loanPaymentsResponse)).data,
    enabled,
  });
}

/** After a payment or its undo: the loan as the server answered it, and every page whose figures follow. */
function useAfterPayment(loanId: string) {
  const client = useQueryClient();
  return (loan: UserDebt) => {
    client.setQueryData<UserDebt[]>(USER_DEBTS_KEY, (list) => list?.map((d) => (d.id === loan.id ? loan : d)));
    void client.invalidateQueries({ queryKey: paymentsKey(loanId) });
  };
}

export function useRecordPayment(loanId: string) {
  const after = useAfterPayment(loanId);
  return useMutation({
    mutationFn: async (body: LoanPaymentBody) =>
      expectFound(await api.post(paymentsPath(loanId), body, loanPaymentResponse)),
    onSuccess: (result) => after(result.data.loan),
    // My Wallet's accounts and lists, Home (net worth, the loans total), the Money Nest (its Loan payments).
    meta: { invalidates: loansFeature.invalidates },
  });
}

export function useUndoPayment(loanId: string, paymentId: string) {
  const after = useAfterPayment(loanId);
  return useMutation({
    mutationFn: async () =>
      expectFound(await api.del(`${paymentsPath(loanId)}/${encodeURIComponent(paymentId)}`, loanPaymentUndoResponse)),
    onSuccess: (result) => after(result.data.loan),
    // My Wallet's accounts and lists, Home (net worth, the loans total), the Money Nest (its Loan payments).
    meta: { invalidates: loansFeature.invalidates },
  });
}
