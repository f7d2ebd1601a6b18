/** The loans the user-debts API's tests (and Home's) send, as the web app's form sends them. */

export const BASE = '/api/v1/user-debts';

export const car = {
  debt_id: 1,
  initial_loan_amount: 25_000,
  outstanding_balance: 18_250.5,
  monthly_payment_amount: 450,
  interest_rate: 6.25,
  due_date: '2026-12-05',
};

export const card = {
  debt_id: 4,
  initial_loan_amount: 5_000,
  outstanding_balance: 3_200.99,
  monthly_payment_amount: 120,
  interest_rate: 22.99,
  due_date: '2026-12-15',
};
