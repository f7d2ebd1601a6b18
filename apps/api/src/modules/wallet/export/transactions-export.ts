import { Readable } from 'node:stream';
import type { Db } from '@helo/db/client';
import type { Clock } from '../../../lib/clock.ts';
import { productToday } from '../../../lib/product-day.ts';
import { accountsOf } from '../../ledger/index.ts';
import type { TransactionsQuery, WalletService } from '../wallet.service.ts';

export type CsvQuery = Omit<TransactionsQuery, 'cursor' | 'limit'>;

import { csvChunk, csvHeader } from './transactions-csv.ts';

/** Rows read per page while the file is written: the list's own reads, a few hundred at a time. */
const PAGE = 500;

/**
 * The transactions CSV (GET /v1/wallet/transactions.csv, and `transactions.csv` in the account's
 * export zip): the list's pages walked from newest to oldest with the list's filters, written while
 * the client reads, so no export is ever whole in memory. Each page is the list's (the same rows, the
 * same merchant names and categories the user sees).
 */
export class TransactionsExport {
  readonly path = 'transactions.csv';
  readonly about =
    'Your transactions in My Wallet in a common layout (Date, Account, Payee, Category, Amount in dollars, Notes, Tags) that Monarch, YNAB and Actual import; a split transaction is a line per part.';
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #wallet: WalletService;

  constructor(db: Db, clock: Clock, wallet: WalletService) {
    this.#db = db;
    this.#clock = clock;
    this.#wallet = wallet;
  }

  /** Today in the product's time zone: the day the downloaded file is named for. */
  today(): string {
    return productToday(this.#clock.now());
  }

  async *lines(userId: string, query: CsvQuery = {}): AsyncGenerator<string> {
    // The filters are checked before the first byte: a bad one is a 400, not half a file.
    const first = await this.#wallet.list(userId, { ...query, limit: PAGE });
    const names = new Map((await accountsOf(this.#db, userId)).map((a) => [a.id, a.name]));
    const name = (id: string) => names.get(id) ?? '';
    yield csvHeader();
    let page = first;
    for (;;) {
      const chunk = csvChunk(page.data, name);
      if (chunk) yield chunk;
      if (!page.next_cursor) return;
      page = await this.#wallet.list(userId, { ...query, limit: PAGE, cursor: page.next_cursor });
    }
  }

  /** The file as a stream, its first page read (and the filters checked) before it is answered. */
  async stream(userId: string, query: CsvQuery = {}): Promise<Readable> {
    const lines = this.lines(userId, query);
    const head = await lines.next();
    async function* rest() {
      if (!head.done) yield head.value;
      yield* lines;
    }
    return Readable.from(rest(), { objectMode: false });
  }

  /** The account export's file (modules/account `GeneratedExport`). */
  open(userId: string): Promise<Readable> {
    return this.stream(userId);
  }
}
