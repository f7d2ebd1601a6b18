import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Sudo mode (issue 24): a sensitive change asks "Confirm it’s you" once per 5 minutes; this answers
 * with the password, for specs whose subject is the change itself.
 */
export async function confirmItsYou(page: Page, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await dialog.getByLabel('Your password').fill(password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}

/** The same for a session the spec drives through the API (its bearer headers). */
export async function elevateHeaders(request: APIRequestContext, headers: Record<string, string>, password: string) {
  const res = await request.post('/api/v1/auth/reauthenticate', { headers, data: { password } });
  expect(res.status()).toBe(200);
}
