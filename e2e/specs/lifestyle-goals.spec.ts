import { expect, type Locator, type Page, test } from '@playwright/test';
import { createVerifiedAccount, expectAccessible, keepScreenshot, logIn, openMenuIfCollapsed } from '../fixtures.ts';

const SETUP = '/lifestyle-savings-goals';
const GOALS = '/dashboard/my-lifestyle-savings';

// The plan of a goal without interest, worked out here independently of the app: the smallest
// whole-cent monthly deposit that reaches the target in the horizon's months.
const monthlyNeeded = (target: number, saved: number, months: number) =>
  Math.ceil(((target - saved) * 100) / months) / 100;
const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const percent = (saved: number, target: number) => Math.round((saved / target) * 100 * 100) / 100;

const TRIP = { kind: 'Travel', name: 'Japan trip', target: 6_000, saved: 600, years: 1 };
const CAR = { kind: 'Car', name: 'New car', target: 20_000, saved: 0, years: 3 };

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Replaces a currency field's amount as a person does: select all, then type. */
async function replaceAmount(field: Locator, amount: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(amount);
}

async function fillGoal(page: Page, goal: typeof TRIP) {
  await page.getByRole('group', { name: 'What are you saving for?' }).getByLabel(goal.kind).check();
  await page.getByLabel('Goal name').fill(goal.name);
  await page.getByLabel('Target amount').fill(String(goal.target));
  await page
    .getByRole('group', { name: 'When do you want to reach it?' })
    .getByLabel(`${goal.years} year${goal.years > 1 ? 's' : ''}`, { exact: true })
    .check();
  if (goal.saved) await page.getByLabel('Saved so far').fill(String(goal.saved));
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

async function expectGoal(page: Page, goal: typeof TRIP, saved: number) {
  const c = card(page, goal.name);
  await expect(c.getByText(goal.kind, { exact: true })).toBeVisible();
  const bar = c.getByRole('progressbar', { name: 'Progress to your target' });
  await expect(bar).toHaveAttribute('aria-valuenow', String(percent(saved, goal.target)));
  await expect(c.getByText(`${money(saved)} of ${money(goal.target)}`)).toBeVisible();
  await expect(c.getByText(`${money(monthlyNeeded(goal.target, saved, goal.years * 12))} a month`)).toBeVisible();
  await expect(c.getByText(`${goal.years * 12} months`, { exact: true })).toBeVisible();
  await expect(c.getByText(/^On track:/)).toBeVisible();
}

test('a new user creates two goals, sees what each needs a month, and a deposit past half shows the milestone in the bell', async ({
  page,
  request,
}, testInfo) => {
  // Signed out, the setup sends to the login and comes back after it.
  await page.goto(SETUP);
  await expect(page).toHaveURL(/\/login\?next=/);
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);

  // Without goals, the menu's page leads to the setup.
  await openMenuIfCollapsed(page);
  await page.getByRole('link', { name: 'My Lifestyle Savings' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Set up a savings goal' })).toBeVisible();

  // A blank save says what each field needs, at the field, and the first takes the focus.
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Choose a horizon (1, 3, 5 or 10 years) or a target date')).toBeVisible();
  await expect(page.getByLabel('Travel')).toBeFocused();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'goals-1-setup-errors');

  await fillGoal(page, TRIP);
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-2-setup-filled');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByText('Goal created')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${GOALS}$`));
  await expectGoal(page, TRIP, TRIP.saved);

  await page.getByRole('link', { name: 'Add a goal' }).click();
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
  await fillGoal(page, CAR);
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page).toHaveURL(new RegExp(`${GOALS}$`));
  await expectGoal(page, TRIP, TRIP.saved);
  await expectGoal(page, CAR, CAR.saved);
  await expect(page.getByText('Projected estimate, not financial advice.')).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, testInfo, 'goals-3-two-goals');

  // The help menu offers the goals' article (spec §2).
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(page.locator('#help-menu').getByRole('link', { name: 'Help with this page' })).toHaveAttribute(
    'href',
    '/dashboard/help-center/goal-planning',
  );
  await page.keyboard.press('Escape');

  // The projection's figures as a table: the first goal reaches its target in its last month.
  const projection = page.getByRole('region', { name: 'Projection' });
  await projection.getByText('Month-by-month figures (12 months)').click();
  const rows = projection.getByRole('region', { name: `Projection of ${TRIP.name}` }).getByRole('row');
  await expect(rows).toHaveCount(13);
  await expect(rows.last().getByRole('cell')).toHaveText(money(TRIP.target));
  await projection.getByLabel('Goal').selectOption({ label: CAR.name });
  await expect(projection.getByText('Month-by-month figures (36 months)')).toBeVisible();

  // $600 + $2,500 is past half of $6,000.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  const unread = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? 0);
  const trip = card(page, TRIP.name);
  await trip.getByRole('button', { name: 'Add money' }).click();
  await expect(trip.getByRole('heading', { name: 'Add money' })).toBeFocused();
  await trip.getByLabel('Amount').fill('2500');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-4-add-money');
  await trip.getByRole('button', { name: 'Add money' }).click();
  await expect(page.getByText(/You are 50 % there!/)).toBeVisible();
  const saved = TRIP.saved + 2_500;
  await expectGoal(page, TRIP, saved);
  await expect(trip.getByRole('button', { name: 'Add money' })).toBeFocused();

  await expect(bell).toHaveAccessibleName(`Notifications, ${unread + 1} unread`);
  await bell.click();
  await expect(page.locator('#notification-panel').getByText(`${TRIP.name}: 50 % there`)).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-5-milestone-bell');
  await page.keyboard.press('Escape');

  // More than the goal holds: refused at the amount.
  await trip.getByRole('button', { name: 'Take money out' }).click();
  await trip.getByLabel('Amount').fill('9000');
  await trip.getByRole('button', { name: 'Take out' }).click();
  const amount = trip.getByLabel('Amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-6-withdrawal-refused');
  await trip.getByRole('button', { name: 'Cancel' }).click();
  await expectGoal(page, TRIP, saved);
});

test('a goal is edited with the same form, a stale edit is refused with Reload, and a goal is deleted after a confirmation', async ({
  page,
  request,
}, testInfo) => {
  const { email, password } = await createVerifiedAccount(request);
  await logIn(page, email, password);
  await page.goto(SETUP);
  await fillGoal(page, TRIP);
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page).toHaveURL(new RegExp(`${GOALS}$`));

  let trip = card(page, TRIP.name);
  await trip.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(`Edit “${TRIP.name}”`);
  await expect(dialog.getByLabel('Goal name')).toHaveValue(TRIP.name);
  await replaceAmount(dialog.getByLabel('Target amount'), '12000');
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-7-edit');

  // Meanwhile another device renames the goal: this save is refused, and Reload brings the goal as it is now.
  const renamed = 'Japan and Korea trip';
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const headers = { authorization: `Bearer ${(await login.json()).data.access_token}` };
  const [goal] = (await (await request.get('/api/v1/user-lifestyle-saving', { headers })).json()).data;
  const put = await request.put(`/api/v1/user-lifestyle-saving/${goal.id}`, {
    headers,
    data: { name: renamed, kind: 'travel', target_amount: 6_000, saved_amount: 600, horizon_years: 1, version: 1 },
  });
  expect(put.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This goal was changed in another tab or device');
  const reload = dialog.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeFocused();
  await expectAccessible(page);
  await keepScreenshot(page, testInfo, 'goals-8-edit-stale');
  await reload.click();
  await expect(dialog.getByLabel('Goal name')).toHaveValue(renamed);
  await expect(dialog.getByLabel('Target amount')).toHaveValue('$6,000.00');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await replaceAmount(dialog.getByLabel('Target amount'), '12000');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  trip = card(page, renamed);
  await expectGoal(page, { ...TRIP, name: renamed, target: 12_000 }, TRIP.saved);
  await expect(trip.getByRole('button', { name: 'Edit' })).toBeFocused();

  await trip.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Delete goal' }).click();
  // The last goal gone, the page leads to the setup again.
  await expect(page).toHaveURL(new RegExp(`${SETUP}$`));
});
