import { createHmac } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PERIOD_MS = 30_000;

/** RFC 4648 base32 (what authenticator apps read), spaces and padding ignored. */
export function base32Bytes(secret: string): Buffer {
  const clean = secret.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The RFC 6238 code of one 30-second step: HMAC-SHA-1, 6 digits, as the app on a phone computes it. */
export function totpAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, '0');
}

/**
 * The authenticator app of a test: each code it gives is of a step the server has not seen yet (a
 * step is accepted once). The server takes ±1 step of drift, so the step after the last one used is
 * given at once when it is at most one ahead of the clock; otherwise it waits for the clock.
 */
export class TestAuthenticator {
  readonly secret: string;
  #lastStep = -1;
  constructor(secret: string) {
    this.secret = secret.replace(/\s/g, '');
  }

  async nextCode(): Promise<string> {
    const step = Math.max(Math.floor(Date.now() / PERIOD_MS), this.#lastStep + 1);
    const wait = (step - 1) * PERIOD_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 500));
    this.#lastStep = step;
    return totpAt(this.secret, step);
  }

  /** A code no step near now has: always refused. */
  wrongCode(): string {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const near = new Set([-2, -1, 0, 1, 2].map((d) => totpAt(this.secret, now + d)));
    for (let n = 0; ; n += 1) {
      const code = String(n).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  }
}

/**
 * A screenshot of what the screen shows (not the whole page): a modal dialog is fixed to the
 * viewport, and a full-page picture would draw it over whatever part of the page happens to be there.
 */
export async function keepViewScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
