import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../fixtures.ts';

test('feedback: pick answers, comment, submit, thank-you, and the answers reach the server', async ({
  page,
}, testInfo) => {
  await page.goto('/feedback');
  const questions = page.getByRole('group');
  await expect(questions).toHaveCount(6);
  await questions.nth(0).getByRole('radio', { name: 'Very Interested' }).check();
  await questions.nth(2).getByRole('radio', { name: 'N/A' }).check();
  await questions.nth(2).getByRole('radio', { name: 'Not Interested' }).check();
  await expect(questions.nth(2).getByRole('radio', { name: 'N/A' })).not.toBeChecked();
  const comment = page.getByLabel('Please leave a comment below');
  await expect(comment).toHaveAttribute('placeholder', 'Your feedback is important to us.');
  await comment.fill('The payoff planner is what I need.');

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/feedback') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  const body = (await sent).postDataJSON();
  expect(body).toEqual({ answers: [1, null, 3, null, null, null], comment: 'The payoff planner is what I need.' });

  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await expect(page.getByText('We appreciate your input and will use it to improve our services.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'feedback-thanks');
  await page.getByRole('button', { name: 'Close and go to my dashboard' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fhome$/);
});

test('feedback can be sent without any answer', async ({ page }) => {
  await page.goto('/feedback');
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
});
