import { describe, expect, it } from 'vitest';
import { helpEntryFor, isActive, MAIN_MENU } from './dashboard-menu.ts';

// The items, their order and locks are checked where people see them: e2e/specs/dashboard.spec.ts.
describe('dashboard menu', () => {
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
