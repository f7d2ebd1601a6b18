import { expect, type Locator, type Page, test } from '@playwright/test';
import { authHeaders, createVerifiedAccount, expectAccessible, keepScreenshot, logIn } from '../fixtures.ts';

const WALLET = '/dashboard/my-wallet';

/** What the spec uses of the API's fake SimpleFIN Bridge (apps/api/…/simplefin-test-server.ts). */
interface FakeBridge {
  setupToken(): string;
  accounts: unknown[];
  failWith: number | null;
  close(): Promise<void>;
}
interface BridgeFile {
  startFakeBridge(): Promise<FakeBridge>;
  fakeAccount(id: string, name: string, count: number, lastDay: string, balance?: string): unknown;
}

// Loaded at run time: the e2e project type-checks its own files only.
const bridgeFile = new URL('../../apps/api/src/modules/bank-connections/simplefin-test-server.ts', import.meta.url)
  .href;
/** Today in New York, the product's day: the bank's transactions are of the last days. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

const accountRow = (page: Page, name: string): Locator =>
  page
    .getByRole('region', { name: 'Your accounts' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

/** A bank account's entry in its connection, by the name it starts with (the selects name the others too). */
const bankRow = (card: Locator, name: string): Locator =>
  card.getByRole('listitem').filter({ hasText: new RegExp(`^${name}`) });

test('a SimpleFIN token pasted, the accounts mapped (one to a new account), synced, its file flagged as duplicates, then disconnected', async ({
  page,
  request,
}, testInfo) => {
  test.slow(); // a journey with an axe scan at every step
  const { startFakeBridge, fakeAccount } = (await import(bridgeFile)) as BridgeFile;
  const bridge = await startFakeBridge();
  try {
    bridge.accounts = [
      fakeAccount('chk', 'Everyday Checking', 3, today(), '2400.10'),
      fakeAccount('card', 'Rewards Card', 2, today(), '-310.55'),
    ];
    const { email, password } = await createVerifiedAccount(request);
    const headers = await authHeaders(request, email, password);
    expect((await request.post('/api/v1/nest/activate', { headers })).status()).toBe(201);
    await logIn(page, email, password);
    await page.goto(WALLET);

    const panel = page.getByRole('region', { name: 'Bank connections' });
    await expect(panel.getByRole('button', { name: 'Connect a bank' })).toBeVisible();
    await expectAccessible(page);

    // Something that is no token is refused on its field; the real one connects.
    await panel.getByRole('button', { name: 'Connect a bank' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect a bank' });
    await dialog.getByLabel('SimpleFIN setup token').fill('not-a-token!');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByLabel('SimpleFIN setup token')).toHaveAccessibleDescription(
      /This is not a SimpleFIN setup token/,
    );
    await expect(dialog.getByLabel('SimpleFIN setup token')).toBeFocused();
    await dialog.getByLabel('SimpleFIN setup token').fill(bridge.setupToken());
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bank-1-token');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    const card = panel.getByRole('region', { name: 'Example Bank' });
    await expect(card).toContainText('Not synced yet');
    await expect(bankRow(card, 'Everyday Checking')).toContainText('Bank balance $2,400.10');
    await expect(bankRow(card, 'Rewards Card')).toContainText('Bank balance -$310.55');

    // The checking into the Wallet, the card into a new account, by keyboard.
    await card.getByLabel('Sync Everyday Checking into').selectOption({ label: 'Wallet' });
    await card.getByLabel('Sync Rewards Card into').selectOption({ label: 'A new account…' });
    await card.getByLabel('Name of the new account for Rewards Card').fill('Rewards Card');
    await card.getByLabel('Name of the new account for Rewards Card').press('Enter');
    await expect(page.getByText('Accounts saved').first()).toBeVisible();
    await expect(bankRow(card, 'Everyday Checking')).toContainText('Syncs into Wallet');
    await expect(bankRow(card, 'Rewards Card')).toContainText('Syncs into Rewards Card');
    await expect(accountRow(page, 'Rewards Card')).toContainText('$0.00');

    // Sync now: 5 transactions, the balances move by what the bank sent.
    await card.getByRole('button', { name: 'Sync now: Example Bank' }).click();
    await expect(page.getByText('5 transactions added').first()).toBeVisible();
    await expect(card).toContainText('Last synced');
    // The checking's three into the Wallet: +$250.00, -$2.01, -$3.02. The new card account opens at
    // what the bank says it owes: its two rows and an opening balance before them.
    await expect(accountRow(page, 'Wallet')).toContainText('$244.97');
    await expect(accountRow(page, 'Rewards Card')).toContainText('−$310.55');
    const transactions = page.getByRole('region', { name: 'Transactions' });
    await expect(transactions.getByText('Everyday Checking Payee 1', { exact: true })).toBeVisible();
    await expect(transactions.getByText('Rewards Card Payee 1', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bank-2-synced');

    // The bank refuses (403): the card says so; nothing imported is lost.
    bridge.failWith = 403;
    await card.getByRole('button', { name: 'Sync now: Example Bank' }).click();
    await expect(card).toContainText('The last sync failed');
    await expect(card).toContainText('its access was revoked');
    await expect(accountRow(page, 'Wallet')).toContainText('$244.97');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bank-3-failed');

    // The bank's own file of the same three, dated a day earlier: each row is flagged as a possible
    // duplicate of what the connection synced (the bank names them by other ids in its files).
    const earlier = (i: number) => {
      const d = new Date(`${today()}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() - i - 1);
      return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    };
    const bankCsv = `Date,Description,Amount\n${['250.00', '-2.01', '-3.02']
      .map((amount, i) => `${earlier(i)},Everyday Checking payee ${i},${amount}`)
      .join('\n')}\n`;
    await page.getByRole('button', { name: 'Import a bank file' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import a bank file' });
    await wizard
      .getByLabel('Bank file')
      .setInputFiles({ name: 'checking.csv', mimeType: 'text/csv', buffer: Buffer.from(bankCsv) });
    await wizard.getByRole('button', { name: 'Upload' }).click();
    await expect(wizard.getByRole('heading', { name: 'Match the columns' })).toBeFocused();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('3 new, 0 already in your wallet, 3 possible duplicates')).toBeVisible();
    await expect(wizard.getByRole('row').filter({ hasText: 'Possible duplicate of' })).toHaveCount(3);
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bank-4-file-flagged');
    await wizard.getByRole('button', { name: 'Import 3 transactions' }).click();
    await expect(page.getByText('Imported 3 transactions')).toBeVisible();
    await expect(transactions.getByRole('listitem').filter({ hasText: 'Possible duplicate' })).toHaveCount(6);
    await expect(accountRow(page, 'Wallet')).toContainText('$489.94');

    // Disconnect: the access goes, the transactions stay.
    await card.getByRole('button', { name: 'Disconnect Example Bank' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Example Bank?' });
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText('Bank disconnected').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Connect a bank' })).toBeFocused();
    await expect(transactions.getByText('Everyday Checking Payee 1', { exact: true }).first()).toBeVisible();
    await expect(accountRow(page, 'Wallet')).toContainText('$489.94');
    await expectAccessible(page);
    await keepScreenshot(page, testInfo, 'bank-5-disconnected');
  } finally {
    await bridge.close();
  }
});
