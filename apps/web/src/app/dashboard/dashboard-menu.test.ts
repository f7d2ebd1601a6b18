import { describe, expect, it } from 'vitest';
import { helpEntryFor, isActive, MAIN_MENU, OTHER_MENU } from './dashboard-menu.ts';

describe('dashboard menu', () => {
  it('lists the spec items in order, with locks on Nest Account, My Wallet and Vault', () => {
    expect(MAIN_MENU.map((i) => [i.label, i.to, i.lockable])).toEqual([
      ['Home', '/dashboard/home', false],
      ['Nest Account', '/dashboard/helo-money-pool', true],
      ['My Wallet', '/dashboard/my-wallet', true],
      ['My Budget', '/dashboard/my-budget', false],
      ['My Loans', '/dashboard/my-loans', false],
      ['My Emergency Fund', '/dashboard/my-emergency-fund-details', false],
      ['My Lifestyle Savings', '/dashboard/my-lifestyle-savings', false],
      ['My Investments', '/dashboard/my-investments', false],
      ['Vault', '/dashboard/helo-vault', true],
    ]);
    expect(OTHER_MENU.map((i) => i.label)).toEqual(['Help Center', 'Privacy Policy', 'Terms of Service']);
  });

  it('highlights the item whose URL is contained in the current path', () => {
    const loans = MAIN_MENU[4];
    expect(loans && isActive(loans, '/dashboard/my-loans')).toBe(true);
    expect(loans && isActive(loans, '/dashboard/my-budget')).toBe(false);
  });
});

describe('help menu first entry', () => {
  it.each([
    ['/dashboard/my-wallet', '/dashboard/help-center/wallet'],
    ['/dashboard/home', '/dashboard/help-center'],
    ['/dashboard/privacy-policy', '/dashboard/help-center'],
    ['/dashboard/terms-conditions', '/dashboard/help-center'],
    ['/dashboard/ProfileSettings', '/dashboard/help-center'],
    ['/dashboard/my-budget', '/dashboard/help-center/budget-builder'],
    ['/dashboard/my-loans', '/dashboard/help-center/loan-payments'],
    ['/dashboard/my-emergency-fund-details', '/dashboard/help-center/emergency-fund'],
    ['/dashboard/my-lifestyle-savings', '/dashboard/help-center/goal-planning'],
    ['/dashboard/my-investments', '/dashboard/help-center/investment-tracker'],
    ['/dashboard/helo-vault', '/dashboard/help-center/vault'],
    ['/dashboard/chat', '/dashboard/help-center/chat'],
    ['/dashboard/helo-money-pool', '/dashboard/help-center/money-nest'],
    ['/dashboard/Glossary', '/dashboard/help-center/money-nest'],
    ['/dashboard/all-set-up', '/dashboard/help-center/money-nest'],
  ])('on %s it is %s', (page, entry) => {
    expect(helpEntryFor(page)).toBe(entry);
  });

  it.each(['/dashboard/help-center', '/dashboard/help-center/wallet', '/dashboard/HelpDetail/3'])(
    'is hidden on %s',
    (page) => expect(helpEntryFor(page)).toBeNull(),
  );
});
