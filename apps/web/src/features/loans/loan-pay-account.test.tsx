import { type LoanBucket, loanBucket } from '@helo/contract/loan-bucket';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient, testQueryClient } from '../../test/render.tsx';
import { LoanPayAccount } from './loan-pay-account.tsx';

// The bucket of a user paid every other Friday, with a car loan of $350.01 due on the 15th.
const BUCKET: LoanBucket = loanBucket.parse({
  active: true,
  balance: 175.49,
  rate: 4,
  interest_earned: 0.48,
  interest_through: '2026-12',
  has_paydays: true,
  loans: [{ loan_id: 'car', name: 'Auto loan', due_date: '2027-01-15', payment: 350.01, set_aside: 175.01 }],
  next_pulls: [{ date: '2027-01-08', loan_id: 'car', name: 'Auto loan', due_date: '2027-01-15', amount: 175 }],
});
const sent: unknown[] = [];

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { rate: number };
      sent.push(body);
      return Response.json({ message: 'Rate saved', data: { ...BUCKET, rate: body.rate } });
    }
    return Response.json({ data: BUCKET });
  };
  return { api: testApiClient(fetch) };
});

// The toaster loads and renders in a root of its own, after the test may have ended: its call is checked instead.
const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../lib/toast.ts', async (original) => ({
  ...(await original<typeof import('../../lib/toast.ts')>()),
  showToast: (_type: string, text: string) => {
    toasts.push(text);
  },
}));

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
});

describe('LoanPayAccount', () => {
  it('shows the balance, the interest, what is set aside for each loan and the next pulls', async () => {
    renderWithClient(<LoanPayAccount />, '/dashboard/my-loans');
    expect(await screen.findByText('$175.49')).toBeInTheDocument();
    expect(screen.getByText('$0.48')).toBeInTheDocument();
    expect(screen.getByText('4 % a year')).toBeInTheDocument();
    const setAside = screen.getByRole('region', { name: 'Set aside for each loan' });
    expect(within(setAside).getByRole('row', { name: /Auto loan/ })).toHaveTextContent('$175.01 of $350.01');
    const pulls = screen.getByRole('region', { name: 'Pulls by payday' });
    expect(within(pulls).getAllByRole('row')[1]).toHaveTextContent(
      /Jan 8, 2027.*Auto loan, due Jan 15, 2027.*\$175\.00/,
    );
  });

  it('refuses a rate that is not one at its field and sends nothing; saves a right one', async () => {
    const client = testQueryClient();
    renderWithClient(<LoanPayAccount />, '/dashboard/my-loans', client);
    const rate = await screen.findByLabelText('Yearly rate (%)');
    fireEvent.change(rate, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('Interest rate must be a number')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.change(rate, { target: { value: '4.5 %' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('4.5 % a year')).toBeInTheDocument();
    expect(sent).toEqual([{ rate: 4.5 }]);
    expect(toasts).toEqual(['Rate saved']);
    // The save's invalidation reads the bucket again: let it land before the page is torn down (a
    // render after the test's window is gone fails the run).
    await waitFor(() => expect(client.isFetching()).toBe(0));
  });
});
