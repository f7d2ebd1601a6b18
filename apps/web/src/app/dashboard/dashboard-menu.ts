import type { MenuEntry } from '../../lib/feature.ts';
import { menuOf } from '../features.ts';

/** An item of the side menu of spec §2, from its feature's feature.ts. */
export type MenuItem = MenuEntry;

/** The side menu of spec §2, in its order, from the features' entries (app/features.ts). */
export const MAIN_MENU: readonly MenuItem[] = menuOf('main');

export const OTHER_MENU: readonly MenuItem[] = menuOf('other');

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
