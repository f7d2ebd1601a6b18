import { userDebt } from '@helo/contract/user-debts';
import { act, fireEvent, render, screen } from '@testing-library/react';
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
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SavingsComparison', () => {
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
});
