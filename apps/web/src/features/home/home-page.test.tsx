import type { home } from '@helo/contract/home';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderWithClient } from '../../test/render.tsx';
import { HomePage } from './home-page.tsx';

/** The answer as the server sends it (plain numbers; the client's schema brands them as dollars). */
type Home = z.input<typeof home>;

// The server, seen through the real API client (so its answers are checked against the contract).
let answerWith: Home | null = null;
let failWith: number | null = null;
let requests = 0;

vi.mock('../../lib/auth.ts', async () => {
  const { testApiClient } = await import('../../test/api-client.ts');
  const fetch = async (url: RequestInfo | URL) => {
    if (String(url) !== '/api/v1/home') return Response.json({ message: 'Not found' }, { status: 404 });
    requests += 1;
    if (failWith) return Response.json({ message: 'Internal server error' }, { status: failWith });
    return Response.json({ data: answerWith });
  };
  return {
    api: testApiClient(fetch),
  };
});

const NEW_USER: Home = {
  first_name: 'Ana',
  net_worth: null,
  debts: null,
  emergency_fund: null,
  goals: null,
  budget: null,
  investments: null,
  nest: null,
  wallet: null,
  vault: { active: false, file_count: 0 },
  notifications: { unread_count: 0, latest: [] },
};

const EVERY_AREA: Home = {
  first_name: 'Ana',
  net_worth: {
    total: 21_950.5,
    investments: 30_000,
    emergency_fund: 4_000,
    goals: 1_500,
    nest_and_wallet: 950.5,
    debts: 14_500,
  },
  debts: {
    count: 2,
    total_balance: 14_500,
    monthly_payments: 620,
    next_payment: { debt_name: 'Auto loans', amount: 350, date: '2026-12-05' },
  },
  emergency_fund: { saved: 4_000, target_low: 9_000, target_high: 18_000, progress_percent: 44.44 },
  goals: { count: 2, saved: 1_500, target: 12_000, progress_percent: 12.5, behind_count: 1 },
  budget: { month: '2026-11', net_income: 5_000, planned: 4_200, spent: 4_350.25, left: -150.25 },
  investments: { account_count: 1, total_balance: 30_000, retirement_age: 67, monthly_retirement_income: 2_345.67 },
  nest: { loan_payments: 400, income_this_month: 2_000 },
  wallet: { balance: 550.5, spent_this_month: 4_350.25 },
  vault: { active: true, file_count: 3 },
  notifications: {
    unread_count: 1,
    latest: [
      {
        _id: 'n1',
        title: 'Payment due soon',
        message: 'Car loan: $350.00',
        date: '2026-11-20T15:00:00.000Z',
        is_read: false,
      },
      { _id: 'n2', title: 'Welcome to Helo', message: 'Start here', date: '2026-11-01T15:00:00.000Z', is_read: true },
    ],
  },
};

beforeEach(() => {
  answerWith = NEW_USER;
  failWith = null;
  requests = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderPage() {
  renderWithClient(<HomePage />, '/dashboard/home');
}

const card = (name: string) => screen.getByRole('region', { name });
/** A figure as a screen reader meets it: the term, then its value. */
const figure = (region: HTMLElement, term: string) => {
  const dt = within(region).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
};

describe('Home', () => {
  it('greets a new user and invites to every area, with no figures made up', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeVisible();
    const invitations: [string, string, string][] = [
      ['Loans', 'Add your loans', '/loan-payments'],
      ['Emergency fund', 'Set up your emergency fund', '/emergency-funds'],
      ['Lifestyle goals', 'Set a lifestyle goal', '/lifestyle-savings-goals'],
      ["This month's budget", 'Plan your budget', '/my-budget'],
      ['Investments', 'Plan your retirement', '/my-retirement'],
      ['Nest Account and My Wallet', 'Activate the Nest Account', '/dashboard/helo-money-pool'],
      ['Vault', 'Activate the Vault', '/dashboard/helo-vault'],
      ['Coming soon', 'See upcoming tools', '/dashboard/tools'],
    ];
    for (const [area, link, to] of invitations) {
      expect(within(card(area)).getByRole('link', { name: link })).toHaveAttribute('href', to);
    }
    expect(within(card('Net worth')).getByText(/appears here once you add/)).toBeVisible();
    expect(within(card('Net worth')).getAllByText('Not set up yet')).toHaveLength(5);
    expect(within(card('Latest notifications')).getByText(/No notifications yet/)).toBeVisible();
    // Not one dollar figure or progress bar anywhere: nothing is set up.
    expect(screen.queryByText(/\$\d/)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'My Wallet' })).toBeNull();
  });

  it("shows every area's headline figures and links to the area's page", async () => {
    answerWith = EVERY_AREA;
    renderPage();
    const netWorth = await screen.findByRole('region', { name: 'Net worth' });
    expect(figure(netWorth, 'What you own minus what you owe')).toBe('$21,950.50');
    expect(figure(netWorth, 'Investments')).toBe('$30,000.00');
    expect(figure(netWorth, 'Emergency fund')).toBe('$4,000.00');
    expect(figure(netWorth, 'Lifestyle goals')).toBe('$1,500.00');
    expect(figure(netWorth, 'Nest and Wallet')).toBe('$950.50');
    expect(figure(netWorth, 'Minus debts')).toBe('-$14,500.00');

    const loans = card('Loans');
    expect(figure(loans, 'Total debt')).toBe('$14,500.00');
    expect(figure(loans, 'Monthly payments')).toBe('$620.00');
    expect(figure(loans, 'Next payment')).toBe('$350.00 on Dec 5, 2026, Auto loan');
    expect(within(loans).getByRole('link', { name: 'Open My Loans' })).toHaveAttribute('href', '/dashboard/my-loans');

    const fund = card('Emergency fund');
    expect(figure(fund, 'Saved')).toBe('$4,000.00');
    const bar = within(fund).getByRole('progressbar', { name: 'Progress to your 3-month target' });
    expect(bar).toHaveAttribute('aria-valuetext', '44.44 %');
    expect(within(fund).getByText('$4,000.00 of $9,000.00')).toBeVisible();
    expect(figure(fund, '6-month target')).toBe('$18,000.00');

    const goals = card('Lifestyle goals');
    expect(figure(goals, 'Saved across 2 goals')).toBe('$1,500.00');
    expect(within(goals).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '12.5');
    expect(within(goals).getByText('1 of 2 goals behind plan.')).toBeVisible();

    const budget = card("This month's budget");
    expect(figure(budget, 'Planned for Nov 2026')).toBe('$4,200.00');
    expect(figure(budget, 'Spent')).toBe('$4,350.25');
    expect(figure(budget, 'Over budget by')).toBe('$150.25');

    const investments = card('Investments');
    expect(figure(investments, 'Total balance')).toBe('$30,000.00');
    expect(figure(investments, 'Monthly income at 67')).toBe('$2,345.67');

    expect(figure(card('Nest Account'), 'Set aside for loan payments')).toBe('$400.00');
    expect(figure(card('Nest Account'), 'Income this month')).toBe('$2,000.00');
    expect(figure(card('My Wallet'), 'Balance')).toBe('$550.50');
    expect(within(card('My Wallet')).getByRole('link', { name: 'Open My Wallet' })).toHaveAttribute(
      'href',
      '/dashboard/my-wallet',
    );
    expect(figure(card('Vault'), 'Documents')).toBe('3');

    const notifications = card('Latest notifications');
    const items = within(notifications).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Unread: Payment due soonNov 20Car loan: $350.00',
      'Welcome to HeloNov 1Start here',
    ]);
    expect(within(notifications).getByRole('link', { name: 'See all notifications' })).toBeVisible();
  });

  it('says where spending comes from when the Wallet is not active, instead of a made-up zero', async () => {
    answerWith = {
      ...EVERY_AREA,
      budget: { month: '2026-11', net_income: 5_000, planned: 4_200, spent: null, left: null },
    };
    renderPage();
    const budget = await screen.findByRole('region', { name: "This month's budget" });
    expect(within(budget).queryByText('Spent')).toBeNull();
    expect(within(budget).getByText(/counted from My Wallet/)).toBeVisible();
  });

  it('shows what is left when under budget', async () => {
    answerWith = {
      ...EVERY_AREA,
      budget: { month: '2026-11', net_income: 5_000, planned: 4_200, spent: 1_000, left: 3_200 },
    };
    renderPage();
    expect(figure(await screen.findByRole('region', { name: "This month's budget" }), 'Left')).toBe('$3,200.00');
  });

  it('offers to try again after a failure, and shows the page once the server answers', async () => {
    failWith = 500;
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your dashboard');
    failWith = null;
    answerWith = EVERY_AREA;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeVisible();
    expect(requests).toBe(2);
  });

  it('leads to the notifications page from "See all notifications"', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/dashboard/notifications',
    );
  });
});
