import { userDebt } from '@helo/contract/user-debts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavingsComparison } from './savings-comparison.tsx';

// $10,000 at 6 %: $50.00 of interest a month.
const loan = userDebt.parse({
  id: 'a',
  version: 1,
  debt_id: 1,
  debt: { id: 1, debt_name: 'Auto loans', image_url: '/x.svg' },
  initial_loan_amount: 12000,
  outstanding_balance: 10000,
  monthly_payment_amount: 300,
  interest_rate: 6,
  due_date: '2026-12-05',
  nickname: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SavingsComparison', () => {
  it('shows what the loan pay account has earned so far beside the projection, only when there is one', () => {
    const { rerender } = render(<SavingsComparison debts={[loan]} earnedSoFar={12.34} />);
    expect(screen.getByText(/So far:/).closest('p')).toHaveTextContent(
      'So far: your loan pay account has earned $12.34 in interest',
    );
    rerender(<SavingsComparison debts={[loan]} />);
    expect(screen.queryByText(/So far:/)).toBeNull();
  });

  it('reads out a one-line summary once typing stops, and the changing figures are no live region', () => {
    render(<SavingsComparison debts={[loan]} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      /^Monthly payments: paid off in .+, \$[\d,.]+ interest\. Every two weeks: paid off in .+, \$[\d,.]+ interest\. .*less interest\.$/,
    );
    const before = status.textContent;
    for (const figure of screen.getAllByText('Paid off in')) {
      expect(figure.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    }

    // $40 a month never pays off $50 of monthly interest; every keystroke re-plans on screen.
    const payment = screen.getByLabelText('Monthly payment');
    for (const typed of ['', '4', '40']) {
      fireEvent.change(payment, { target: { value: typed } });
      act(() => vi.advanceTimersByTime(200));
    }
    expect(screen.getAllByText('Payment too low to pay off the loan.')).toHaveLength(2);
    expect(status).toHaveTextContent(before ?? '');

    act(() => vi.advanceTimersByTime(700));
    expect(status).toHaveTextContent(
      'Monthly payments: Payment too low to pay off the loan. Every two weeks: Payment too low to pay off the loan.',
    );
  });

  it('says nothing of outcomes while the rate is not a rate (the field says what is wrong)', () => {
    render(<SavingsComparison debts={[loan]} />);
    fireEvent.change(screen.getByLabelText('Interest rate (%)'), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    expect(screen.getByText('Enter a rate from 0 to 100')).toBeInTheDocument();
  });

  it('shows each loan two-weekly and their exact sum, and offers the balance-weighted rate (issue 25)', () => {
    const small = userDebt.parse({
      ...loan,
      id: 'b',
      outstanding_balance: 1000,
      monthly_payment_amount: 600,
      interest_rate: 12,
    });
    const large = userDebt.parse({
      ...loan,
      id: 'c',
      outstanding_balance: 9000,
      monthly_payment_amount: 9000,
      interest_rate: 4,
    });
    render(<SavingsComparison debts={[small, large]} />);
    const table = screen.getByRole('region', { name: 'Every two weeks, loan by loan' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    // $1,000 at 12 %: monthly $14.10, two-weekly $10.26 over 4 payments (finance's worked example).
    // $9,000 at 4 %: $30.00 + $0.10 over 2 months; two-weekly $13.85 + $6.94 + $0.03 over 3 payments.
    expect(cells.slice(1)).toEqual([
      ['Auto loan 1', '2 months', '$14.10', '2 months', '$10.26'],
      ['Auto loan 2', '2 months', '$30.10', '2 months', '$20.82'],
      ['All loans', '2 months', '$44.20', '2 months', '$31.08'],
    ]);
    expect(screen.getByText('Loan by loan, paying every two weeks saves $13.12 of interest.')).toBeInTheDocument();

    const rate = screen.getByLabelText('Interest rate (%)');
    expect(rate).toHaveValue('8');
    expect(rate).toHaveAccessibleDescription("The plain average of your loans' rates is 8 %.");
    expect(screen.getByText(/Weighted by what you owe on each loan, the average is 4.8 %/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use 4.8 %' }));
    expect(rate).toHaveValue('4.8');
    fireEvent.click(screen.getByRole('button', { name: 'Use the plain average (8 %)' }));
    expect(rate).toHaveValue('8');
  });
});
