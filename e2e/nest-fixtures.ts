import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { authHeaders, createVerifiedAccount } from './fixtures.ts';

/**
 * Signs in through the API: an emergency fund (with `savedAmount` saved) and a goal, 'Lisbon trip',
 * for the Nest's rules to feed; the Nest activated there too when `activate`.
 */
export async function userWithFundAndGoal(
  request: APIRequestContext,
  { savedAmount = 0, activate = false }: { savedAmount?: number; activate?: boolean } = {},
) {
  const { email, password } = await createVerifiedAccount(request);
  const headers = await authHeaders(request, email, password);
  const fund = await request.post('/api/v1/user-emergency-fund', {
    headers,
    data: {
      is_saving: true,
      saved_amount: savedAmount,
      monthly_income: 4_000,
      monthly_saving: 200,
      monthly_saving_want: 500,
    },
  });
  expect(fund.status()).toBe(201);
  const goal = await request.post('/api/v1/user-lifestyle-saving', {
    headers,
    data: { name: 'Lisbon trip', kind: 'travel', target_amount: 6_000, saved_amount: 0, horizon_years: 1 },
  });
  expect(goal.status()).toBe(201);
  if (activate) expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
  return { email, password, headers };
}

/** Each bucket's balance on the Nest page, by its name. */
export async function expectBuckets(page: Page, balances: [string, string][]) {
  const buckets = page.getByRole('region', { name: 'Your buckets' });
  for (const [name, balance] of balances) {
    await expect(buckets.locator('div').filter({ has: page.getByText(name, { exact: true }) })).toContainText(balance);
  }
}

/** Fills the Nest's rules (not saved yet): 20 % to the emergency fund and $300 fixed to the goal. */
export async function fillFundAndGoalRules(rules: Locator) {
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByLabel('Bucket of rule 1').selectOption({ label: 'Emergency fund' });
  await rules.getByLabel('Percent of rule 1').fill('20');
  await rules.getByRole('button', { name: 'Add a rule' }).click();
  await rules.getByLabel('Bucket of rule 2').selectOption({ label: 'Goal: Lisbon trip' });
  await rules.getByLabel('Kind of rule 2').selectOption({ label: 'Fixed amount' });
  await rules.getByLabel('Amount of rule 2 ($)').fill('300');
}
