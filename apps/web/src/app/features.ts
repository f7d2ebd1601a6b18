import type { ComponentType } from 'react';
import { authFeature } from '../features/auth/feature.ts';
import { billsFeature } from '../features/bills/feature.ts';
import { budgetFeature } from '../features/budget/feature.ts';
import { connectFeature } from '../features/connect/feature.ts';
import { contactFeature } from '../features/contact/feature.ts';
import { emergencyFundFeature } from '../features/emergency-fund/feature.ts';
import { feedbackFeature } from '../features/feedback/feature.ts';
import { forecastFeature } from '../features/forecast/feature.ts';
import { helpFeature } from '../features/help/feature.ts';
import { homeFeature } from '../features/home/feature.ts';
import { investmentsFeature } from '../features/investments/feature.ts';
import { legalFeature } from '../features/legal/feature.ts';
import { lifestyleGoalsFeature } from '../features/lifestyle-goals/feature.ts';
import { loansFeature } from '../features/loans/feature.ts';
import { nestFeature } from '../features/nest/feature.ts';
import { notificationsFeature } from '../features/notifications/feature.ts';
import { onboardingFeature } from '../features/onboarding/feature.ts';
import { profileFeature } from '../features/profile/feature.ts';
import { toolsFeature } from '../features/tools/feature.ts';
import { vaultFeature } from '../features/vault/feature.ts';
import { walletFeature } from '../features/wallet/feature.ts';
import type { Feature, MenuEntry } from '../lib/feature.ts';

/**
 * The web app's features, each described once in its own feature.ts (lib/feature.ts says what that
 * holds): the router, the side menu and the menu's locks loop over this list, and the query client's
 * invalidation follows what each declares. A new feature adds its folder and one line here.
 * Imported from feature.ts, not index.ts: this list is in the entry chunk, and a public file may
 * re-export hooks that would bring TanStack Query and the schemas into it.
 */
export const FEATURES: readonly Feature[] = [
  authFeature,
  onboardingFeature,
  homeFeature,
  nestFeature,
  walletFeature,
  forecastFeature,
  billsFeature,
  budgetFeature,
  loansFeature,
  emergencyFundFeature,
  lifestyleGoalsFeature,
  investmentsFeature,
  vaultFeature,
  connectFeature,
  notificationsFeature,
  toolsFeature,
  helpFeature,
  profileFeature,
  legalFeature,
  contactFeature,
  feedbackFeature,
];

/**
 * Pages put together from two features, here where they meet, in place of the page the feature
 * declares: My Budget's month with My Wallet's spending beside each category (budget-details-route.tsx).
 */
export const COMPOSED_PAGES: Readonly<Record<string, () => Promise<ComponentType>>> = {
  '/dashboard/my-budget': () => import('./budget-details-route.tsx').then((m) => m.BudgetDetailsRoute),
};

/** The side menu's items of one section (spec §2), in their order. */
export const menuOf = (section: MenuEntry['section']): readonly MenuEntry[] =>
  FEATURES.flatMap((feature) => feature.menu ?? [])
    .filter((entry) => entry.section === section)
    .sort((a, b) => a.order - b.order);

const activations = new Map<string, () => boolean>();

/**
 * Loads every feature's activation hook, for the menu's locks. The dashboard's frame loads with
 * them (router.tsx): they are in its chunk (vite.config.ts), so this costs no request of its own.
 */
export async function loadActivations(): Promise<void> {
  await Promise.all(
    FEATURES.map(async ({ id, activation }) => {
      if (activation && !activations.has(id)) activations.set(id, await activation());
    }),
  );
}

/** The hook that says whether feature `id` is on; loaded before the dashboard renders (loadActivations). */
export function activationOf(id: string): () => boolean {
  const hook = activations.get(id);
  if (!hook) throw new Error(`no activation loaded for the feature "${id}"`);
  return hook;
}
