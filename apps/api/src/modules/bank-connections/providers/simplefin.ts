import { type Cents, MoneyError } from '@helo/finance/cents';
import { decimalToCents } from '@helo/finance/decimal-cents';
import { z } from 'zod';
import { checkResolvesPublic, outboundUrl, type ResolveAll, resolveAll } from './outbound-url.ts';
import { type BankProvider, type ProviderAnswer, ProviderError, type ProviderTransaction } from './provider.ts';

/** How long one call to the bridge may take, answer included. */
export const SIMPLEFIN_TIMEOUT_MS = 20_000;
/** The largest answer read: years of transactions of a household's accounts stay far below it. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

const unixSeconds = z.number().int().nonnegative();
const answerSchema = z.object({
  errors: z.array(z.string()).default([]),
  accounts: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string(),
      currency: z.string(),
      balance: z.string(),
      'available-balance': z.string().nullish(),
      'balance-date': unixSeconds,
      org: z.object({ name: z.string().nullish(), domain: z.string().nullish() }).nullish(),
      transactions: z
        .array(
          z.object({
            id: z.string().min(1),
            posted: unixSeconds,
            amount: z.string(),
            description: z.string(),
            payee: z.string().nullish(),
            memo: z.string().nullish(),
            pending: z.boolean().nullish(),
            transacted_at: unixSeconds.nullish(),
          }),
        )
        .default([]),
    }),
  ),
});

/**
 * SimpleFIN Bridge, as its public specification gives the protocol: the setup token is the base64
 * of a claim URL; a POST to it answers the access URL, which carries basic-auth credentials;
 * `GET {access}/accounts?start-date=&end-date=&pending=1` answers the accounts, amounts as decimal
 * strings and dates as Unix seconds. fetch refuses a URL with credentials in it, so they travel in an
 * Authorization header; redirects are refused (the token names the one server Helo talks to).
 */
export class SimpleFinProvider implements BankProvider {
  readonly #production: boolean;
  readonly #timeoutMs: number;
  readonly #resolve: ResolveAll;

  constructor(options: { production: boolean; timeoutMs?: number; resolve?: ResolveAll }) {
    this.#production = options.production;
    this.#timeoutMs = options.timeoutMs ?? SIMPLEFIN_TIMEOUT_MS;
    this.#resolve = options.resolve ?? resolveAll;
  }

  async claim(setupToken: string): Promise<string> {
    const claimUrl = decodeSetupToken(setupToken);
    const { url } = outboundUrl(claimUrl, this.#production, 'The setup token');
    const res = await this.#call(url, { method: 'POST', headers: { 'content-length': '0' } });
    if (res.status === 403) {
      throw new ProviderError('bad_token', 'This setup token was used already or is not valid: make a new one');
    }
    const body = await this.#answer(res);
    // The access URL is checked like the claim URL: a bridge cannot send Helo somewhere else.
    outboundUrl(body.trim(), this.#production, 'The access address the bridge gave');
    return body.trim();
  }

  async fetchAccounts(credential: string, window: { start: Date; end: Date }): Promise<ProviderAnswer> {
    const { url, username, password } = outboundUrl(credential, this.#production, 'The access address');
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/accounts`;
    url.search = new URLSearchParams({
      'start-date': String(Math.floor(window.start.getTime() / 1000)),
      'end-date': String(Math.floor(window.end.getTime() / 1000)),
      pending: '1',
    }).toString();
    const auth = Buffer.from(`${username}:${password}`, 'utf8').toString('base64');
    const res = await this.#call(url, { method: 'GET', headers: { authorization: `Basic ${auth}` } });
    const parsed = answerSchema.safeParse(parseJson(await this.#answer(res)));
    if (!parsed.success) throw new ProviderError('bad_answer', 'The bridge answered something Helo cannot read');
    return {
      messages: parsed.data.errors,
      accounts: parsed.data.accounts.map((a) => ({
        id: a.id,
        name: a.name,
        currency: a.currency,
        institution: a.org?.name ?? a.org?.domain ?? null,
        balanceCents: amount(a.balance),
        availableCents: a['available-balance'] ? amount(a['available-balance']) : null,
        balanceDate: a['balance-date'] > 0 ? new Date(a['balance-date'] * 1000) : null,
        transactions: a.transactions.map((t): ProviderTransaction => {
          const pending = t.pending === true || t.posted === 0;
          const at = pending ? (t.transacted_at ?? t.posted) : t.posted;
          return {
            id: t.id,
            at: at ? new Date(at * 1000) : null,
            amountCents: amount(t.amount),
            payee: (t.payee || t.description || t.memo || 'Bank transaction').trim(),
            memo: t.memo?.trim() || (t.payee && t.description !== t.payee ? t.description.trim() : null) || null,
            pending,
          };
        }),
      })),
    };
  }

  async #call(url: URL, init: { method: string; headers: Record<string, string> }): Promise<Response> {
    if (this.#production) await checkResolvesPublic(url, 'The bank connection address', this.#resolve);
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.#timeoutMs) });
    } catch {
      throw new ProviderError('down', 'The bank connection service did not answer. Helo will try again.');
    }
    if (res.status === 403) return res;
    if (res.status === 402) {
      await res.body?.cancel();
      throw new ProviderError('payment_required', 'Your SimpleFIN subscription needs attention at SimpleFIN Bridge');
    }
    if (res.status === 429) {
      await res.body?.cancel();
      throw new ProviderError(
        'rate_limited',
        'The bank connection service asked Helo to wait. Helo will try again later.',
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError('down', `The bank connection service answered ${res.status}. Helo will try again.`);
    }
    return res;
  }

  /** The answer's text, up to MAX_ANSWER_BYTES; a 403 is a revoked access. */
  async #answer(res: Response): Promise<string> {
    if (res.status === 403) {
      await res.body?.cancel();
      throw new ProviderError(
        'forbidden',
        'The bank connection was refused (403): its access was revoked. Connect again with a new setup token.',
      );
    }
    const reader = res.body?.getReader();
    if (!reader) return '';
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > MAX_ANSWER_BYTES) {
          await reader.cancel();
          throw new ProviderError('bad_answer', 'The bridge answered more than Helo reads at once');
        }
        chunks.push(value);
      }
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      throw new ProviderError('down', 'The bank connection service stopped answering. Helo will try again.');
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

/** The claim URL a setup token holds (the base64 of it); anything else is the user's 400. */
export function decodeSetupToken(token: string): string {
  const compact = token.replaceAll(/\s/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) {
    throw new ProviderError('bad_token', 'This is not a SimpleFIN setup token: paste the whole token');
  }
  const text = Buffer.from(compact.replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('utf8');
  if (!/^https?:\/\/\S+$/.test(text)) {
    throw new ProviderError('bad_token', 'This is not a SimpleFIN setup token: paste the whole token');
  }
  return text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('bad_answer', 'The bridge answered something Helo cannot read');
  }
}

function amount(text: string): Cents {
  try {
    return decimalToCents(text);
  } catch (e) {
    if (e instanceof MoneyError)
      throw new ProviderError('bad_answer', `The bridge sent an amount Helo cannot read: ${e.message}`);
    throw e;
  }
}
