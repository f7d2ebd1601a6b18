import { createContext } from 'react';

/** What was spent in a month per category (lower-case name), or undefined while unknown or not kept. */
export type SpentIn = (month: string) => ReadonlyMap<string, number> | undefined;

/**
 * Where My Budget's Spent column comes from: My Wallet's figures, handed in by the app where the two
 * meet (app/budget-details-route.tsx). The wallet reads the budgets' categories, so the budget does
 * not import the wallet back. The value is a hook, called on every render of the categories; without
 * a provider there is no Spent column.
 */
export const SpentSource = createContext<SpentIn>(() => undefined);
