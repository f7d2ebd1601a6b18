/** The side menu of spec §2, in its order. Locked items are features the user has not activated. */
export interface MenuItem {
  label: string;
  to: string;
  /** Shows the lock icon until the user activates the feature (decisions.md). */
  lockable: boolean;
}

export const MAIN_MENU: readonly MenuItem[] = [
  { label: 'Home', to: '/dashboard/home', lockable: false },
  { label: 'Nest Account', to: '/dashboard/helo-money-pool', lockable: true },
  { label: 'My Wallet', to: '/dashboard/my-wallet', lockable: true },
  { label: 'My Budget', to: '/dashboard/my-budget', lockable: false },
  { label: 'My Loans', to: '/dashboard/my-loans', lockable: false },
  { label: 'My Emergency Fund', to: '/dashboard/my-emergency-fund-details', lockable: false },
  { label: 'My Lifestyle Savings', to: '/dashboard/my-lifestyle-savings', lockable: false },
  { label: 'My Investments', to: '/dashboard/my-investments', lockable: false },
  { label: 'Vault', to: '/dashboard/helo-vault', lockable: true },
];

export const OTHER_MENU: readonly MenuItem[] = [
  { label: 'Help Center', to: '/dashboard/help-center', lockable: false },
  { label: 'Privacy Policy', to: '/dashboard/privacy-policy', lockable: false },
  { label: 'Terms of Service', to: '/dashboard/terms-conditions', lockable: false },
];

/** Spec: the item whose URL is contained in the current path is highlighted. */
export function isActive(item: MenuItem, pathname: string): boolean {
  return pathname.includes(item.to);
}

// Spec §2 "Help menu first entry depends on the page", as [path fragment, article] pairs.
const HELP_BY_PAGE: readonly [string, string][] = [
  ['/dashboard/my-wallet', '/dashboard/help-center/wallet'],
  ['/dashboard/home', '/dashboard/help-center'],
  ['/dashboard/tools', '/dashboard/help-center'],
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
];

/**
 * The help menu's first entry for a page; null on help-centre pages, where it is hidden. Every
 * other page, the Nest Account included, gets the Money Nest article (the spec's default).
 */
export function helpEntryFor(pathname: string): string | null {
  if (pathname.startsWith('/dashboard/help-center') || pathname.startsWith('/dashboard/HelpDetail')) return null;
  const match = HELP_BY_PAGE.find(([page]) => pathname.startsWith(page));
  return match ? match[1] : '/dashboard/help-center/money-nest';
}
