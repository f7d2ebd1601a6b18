import type { LoanPayment } from '@helo/contract/user-debts-payments';
import { describe, expect, it } from 'vitest';
import { paidFrom } from './loan-payment-list.tsx';

const payment = (account: Partial<LoanPayment['account']>): LoanPayment =>
  ({
    id: 'p',
    date: '2026-11-21',
    amount: 450,
    principal: 354.95,
    interest: 95.05,
    account: { id: 'a', name: 'Chase', kind: 'checking', closed: false, ...account },
    due_date: null,
    created_at: '2026-11-21T12:00:00.000Z',
  }) as LoanPayment;

describe('where a payment came from, in the page’s words', () => {
  it('names the user’s account, and says when it was deleted', () => {
    expect(paidFrom(payment({}))).toBe('Chase');
    expect(paidFrom(payment({ closed: true }))).toBe('Chase (deleted)');
  });

  it('says the Money Nest and an account not in Helo in words, not by their ledger names', () => {
    expect(paidFrom(payment({ kind: 'loan_payments', name: 'Loan payments' }))).toBe('the Money Nest’s Loan payments');
    expect(paidFrom(payment({ kind: 'outside', name: 'Outside Helo' }))).toBe('an account not in Helo');
  });
});
