import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Chromium's virtual authenticator (DevTools protocol), standing in for a phone's or laptop's
 * built-in one: it keeps discoverable credentials (passkeys), verifies the user and answers every
 * prompt by itself. It belongs to the page's tab and outlives its navigations, sign-outs included.
 * WebAuthn needs a secure context: the e2e server runs on http://localhost, which browsers treat as
 * one, and its APP_URL (the relying party) is that same origin. `synced`: its passkeys say they are
 * backed up, as a password manager's are.
 */
export async function addVirtualAuthenticator(page: Page, { synced = false }: { synced?: boolean } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      // A password manager's passkey, copied to the user's other devices (the 'Synced' badge).
      defaultBackupEligibility: synced,
      defaultBackupState: synced,
    },
  });
  return {
    /** How many passkeys the authenticator holds (a removed one stays: it is the device's, not Helo's). */
    passkeyCount: async (): Promise<number> =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
  };
}

/** Keeps a screenshot of one part of the page (a section, a dialog), named by part and viewport. */
export async function keepPartScreenshot(part: Locator, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await part.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
