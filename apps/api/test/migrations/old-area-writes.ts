import { randomUUID } from 'node:crypto';
import { type AllocationRule, allocateDeposit } from '@helo/finance/allocation';
import type { Cents } from '@helo/finance/cents';
import { hashPassword } from '../../src/lib/password.ts';
import { productToday } from '../../src/lib/product-day.ts';
import type { DatabaseBefore } from '../migration-database.ts';

/**
 * The writes of the emergency fund, the goals, investments, loans, the Money Nest and My Wallet as
 * their code made them before migration 0025 (the rows, the links between them, the snapshots, the
 * running totals), for the migration's test. Each method is one write of that code, at `at`.
 */
export class OldAreaWrites {
  readonly #db: DatabaseBefore;

  constructor(db: DatabaseBefore) {
    this.#db = db;
  }

  #q(sql: string, params: unknown[] = []) {
    return this.#db.query(sql, params);
  }

  async user(firstName: string, email: string, password: string): Promise<string> {
    const id = randomUUID();
    await this.#q(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at)
       VALUES ($1, $2, $3, 'Ledger', $4, now())`,
      [id, email, firstName, await hashPassword(password)],
    );
    return id;
  }

  async fund(userId: string, startingCents: number, at: string): Promise<string> {
    const [row] = await this.#q(
      `INSERT INTO emergency_funds (user_id, is_saving, starting_amount_cents, monthly_income_cents,
         monthly_saving_cents, monthly_saving_want_cents, created_at, updated_at)
       VALUES ($1, $2, $3, 400000, 20000, 50000, $4, $4) RETURNING id`,
      [userId, startingCents > 0, startingCents, at],
    );
    return String(row?.id);
  }

  async fundEntry(
    userId: string,
    kind: 'deposit' | 'withdrawal',
    cents: number,
    date: string,
    note: string | null,
    at: string,
  ) {
    const [fund] = await this.#q('SELECT id FROM emergency_funds WHERE user_id = $1', [userId]);
    const [row] = await this.#q(
      `INSERT INTO emergency_fund_entries (user_id, fund_id, kind, amount_cents, date, note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId, fund?.id, kind, cents, date, note, at],
    );
    await this.#q('UPDATE emergency_funds SET version = version + 1, updated_at = $2 WHERE user_id = $1', [userId, at]);
    return String(row?.id);
  }

  async goal(userId: string, name: string, targetCents: number, startingCents: number, at: string): Promise<string> {
    const [row] = await this.#q(
      `INSERT INTO lifestyle_goals (user_id, name, kind, target_amount_cents, starting_amount_cents, horizon_years,
         plan_started_on, plan_start_cents, plan_monthly_cents, created_at, updated_at)
       VALUES ($1, $2, 'travel', $3, $4, 1, $5, $4, 45000, $6, $6) RETURNING id`,
      [userId, name, targetCents, startingCents, productToday(new Date(at)), at],
    );
    return String(row?.id);
  }

  async goalEntry(
    userId: string,
    goalId: string,
    kind: 'deposit' | 'withdrawal',
    cents: number,
    date: string,
    note: string | null,
    at: string,
  ) {
    const [row] = await this.#q(
      `INSERT INTO lifestyle_goal_entries (user_id, goal_id, kind, amount_cents, date, note, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId, goalId, kind, cents, date, note, at],
    );
    await this.#q('UPDATE lifestyle_goals SET version = version + 1, updated_at = $2 WHERE id = $1', [goalId, at]);
    return String(row?.id);
  }

  async deleteGoal(goalId: string) {
    // The goal's entries went with it (a cascade), its rule too; the Nest's entries kept their name.
    await this.#q('DELETE FROM lifestyle_goals WHERE id = $1', [goalId]);
  }

  async investmentAccount(userId: string, name: string, balanceCents: number, day: string, at: string) {
    await this.#q(
      `INSERT INTO investment_profiles (user_id, birth_year, retirement_age, created_at, updated_at)
       VALUES ($1, 1986, 65, $2, $2) ON CONFLICT DO NOTHING`,
      [userId, at],
    );
    const [row] = await this.#q(
      `INSERT INTO investment_accounts (user_id, name, kind, balance_cents, monthly_contribution_cents,
         expected_return_percent, created_at, updated_at)
       VALUES ($1, $2, 'roth_ira', $3, 20000, 6, $4, $4) RETURNING id`,
      [userId, name, balanceCents, at],
    );
    const id = String(row?.id);
    await this.snapshot(userId, id, day, balanceCents, at);
    return id;
  }

  /** A balance recorded for a day (the last write of a day wins); the account's is its latest day's. */
  async snapshot(userId: string, accountId: string, day: string, balanceCents: number, at: string) {
    await this.#q(
      `INSERT INTO investment_snapshots (account_id, user_id, day, balance_cents) VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, day) DO UPDATE SET balance_cents = excluded.balance_cents`,
      [accountId, userId, day, balanceCents],
    );
    await this.#q(
      `UPDATE investment_accounts SET balance_cents = (SELECT balance_cents FROM investment_snapshots
         WHERE account_id = $1 ORDER BY day DESC LIMIT 1), version = version + 1, updated_at = $2 WHERE id = $1`,
      [accountId, at],
    );
  }

  async loan(userId: string, debtId: number, outstandingCents: number, dueDate: string, position: number, at: string) {
    const [row] = await this.#q(
      `INSERT INTO user_debts (user_id, debt_id, initial_loan_amount_cents, outstanding_balance_cents,
         monthly_payment_cents, interest_rate, due_date, due_day, position, created_at, updated_at)
       VALUES ($1, $2, 2500000, $3, 45000, 6.5, $4, $5, $6, $7, $7) RETURNING id`,
      [userId, debtId, outstandingCents, dueDate, Number(dueDate.slice(8, 10)), position, at],
    );
    return String(row?.id);
  }

  async deleteLoan(loanId: string) {
    await this.#q('DELETE FROM user_debts WHERE id = $1', [loanId]);
  }

  async activate(userId: string, at: string) {
    await this.#q('INSERT INTO nest_accounts (user_id, activated_at) VALUES ($1, $2)', [userId, at]);
  }

  async rules(
    userId: string,
    rules: { bucket: string; target?: string; kind: 'percent' | 'fixed'; value: number }[],
  ): Promise<void> {
    await this.#q('DELETE FROM nest_rules WHERE user_id = $1', [userId]);
    for (const [position, r] of rules.entries()) {
      await this.#q(
        `INSERT INTO nest_rules (user_id, position, bucket, goal_id, investment_account_id, kind,
           percent_basis_points, fixed_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          userId,
          position,
          r.bucket,
          r.bucket === 'goal' ? r.target : null,
          r.bucket === 'investment' ? r.target : null,
          r.kind,
          r.kind === 'percent' ? r.value : null,
          r.kind === 'fixed' ? r.value : null,
        ],
      );
    }
    await this.#q('UPDATE nest_accounts SET rules_version = rules_version + 1 WHERE user_id = $1', [userId]);
  }

  /**
   * A deposit as NestService.deposit wrote it: the deposit, an allocation entry per share above $0 a
   * millisecond apart (the rest to the Wallet last), a fund's or goal's share also an entry there
   * linked from the Nest's, an investment share the account's balance and today's snapshot.
   */
  async deposit(userId: string, amountCents: number, date: string, source: string, at: string): Promise<string> {
    const rules = await this.#q(
      `SELECT r.*, coalesce(g.name, a.name) AS target_name FROM nest_rules r
         LEFT JOIN lifestyle_goals g ON g.id = r.goal_id LEFT JOIN investment_accounts a ON a.id = r.investment_account_id
       WHERE r.user_id = $1 ORDER BY r.position`,
      [userId],
    );
    const allocation: AllocationRule[] = rules.map((r) =>
      r.kind === 'fixed'
        ? { kind: 'fixed', value: Number(r.fixed_cents) as Cents }
        : { kind: 'percent', value: Number(r.percent_basis_points) / 100 },
    );
    const { shares, restCents } = allocateDeposit({ amountCents: amountCents as Cents, rules: allocation });
    const [deposit] = await this.#q(
      `INSERT INTO nest_deposits (user_id, amount_cents, date, source, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, amountCents, date, source, at],
    );
    const depositId = String(deposit?.id);
    const note = `From the Money Nest: ${source}`;
    let i = 0;
    const entry = async (
      bucket: string,
      cents: number,
      target: Record<string, unknown>,
      links: Record<string, unknown>,
    ) => {
      const createdAt = new Date(Date.parse(at) + i).toISOString();
      i += 1;
      await this.#q(
        `INSERT INTO nest_entries (user_id, kind, bucket, deposit_id, goal_id, investment_account_id, target_name,
           fund_entry_id, goal_entry_id, amount_cents, date, created_at)
         VALUES ($1, 'allocation', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          userId,
          bucket,
          depositId,
          target.goal_id ?? null,
          target.investment_account_id ?? null,
          target.target_name ?? null,
          links.fund ?? null,
          links.goal ?? null,
          cents,
          date,
          createdAt,
        ],
      );
    };
    for (const [k, rule] of rules.entries()) {
      const share = shares[k] ?? 0;
      if (share === 0) continue;
      const links: Record<string, unknown> = {};
      if (rule.bucket === 'emergency_fund') links.fund = await this.fundEntry(userId, 'deposit', share, date, note, at);
      if (rule.bucket === 'goal') {
        links.goal = await this.goalEntry(userId, String(rule.goal_id), 'deposit', share, date, note, at);
      }
      if (rule.bucket === 'investment')
        await this.#moveInvestment(userId, String(rule.investment_account_id), share, at);
      await entry(String(rule.bucket), share, rule, links);
    }
    if (restCents > 0) await entry('wallet', restCents, {}, {});
    return depositId;
  }

  async #moveInvestment(userId: string, accountId: string, deltaCents: number, at: string) {
    const [account] = await this.#q('SELECT balance_cents FROM investment_accounts WHERE id = $1', [accountId]);
    await this.snapshot(userId, accountId, productToday(new Date(at)), Number(account?.balance_cents) + deltaCents, at);
  }

  /**
   * A reversal as NestService.reverse wrote it: a negative entry per share dated today (New York),
   * the fund's and goals' withdrawals linked, the investment's balance back down, the deposit marked.
   */
  async reverse(userId: string, depositId: string, at: string) {
    const today = productToday(new Date(at));
    const [deposit] = await this.#q('SELECT source FROM nest_deposits WHERE id = $1', [depositId]);
    const note = `Reversed in the Money Nest: ${deposit?.source}`;
    const shares = await this.#q(
      `SELECT * FROM nest_entries WHERE deposit_id = $1 AND kind = 'allocation' ORDER BY created_at, id`,
      [depositId],
    );
    for (const [i, share] of shares.entries()) {
      const cents = Number(share.amount_cents);
      let fund: string | null = null;
      let goal: string | null = null;
      if (share.bucket === 'emergency_fund') fund = await this.fundEntry(userId, 'withdrawal', cents, today, note, at);
      if (share.bucket === 'goal')
        goal = await this.goalEntry(userId, String(share.goal_id), 'withdrawal', cents, today, note, at);
      if (share.bucket === 'investment')
        await this.#moveInvestment(userId, String(share.investment_account_id), -cents, at);
      await this.#q(
        `INSERT INTO nest_entries (user_id, kind, bucket, deposit_id, goal_id, investment_account_id, target_name,
           fund_entry_id, goal_entry_id, amount_cents, date, created_at)
         VALUES ($1, 'reversal', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          userId,
          share.bucket,
          depositId,
          share.goal_id,
          share.investment_account_id,
          share.target_name,
          fund,
          goal,
          -cents,
          today,
          new Date(Date.parse(at) + i).toISOString(),
        ],
      );
    }
    await this.#q('UPDATE nest_deposits SET reversed_at = $2 WHERE id = $1', [depositId, at]);
  }

  /** A due date paid by the loan payments job: out of Loan payments, the principal off the balance, the date a month on. */
  async loanPayment(
    userId: string,
    loanId: string,
    name: string,
    paymentCents: number,
    principalCents: number,
    dueDate: string,
    next: string,
    at: string,
  ) {
    await this.#q(
      `INSERT INTO nest_entries (user_id, kind, bucket, user_debt_id, due_date, target_name, amount_cents, date, created_at)
       VALUES ($1, 'loan_payment', 'loans', $2, $3, $4, $5, $3, $6)`,
      [userId, loanId, dueDate, name, -paymentCents, at],
    );
    await this.#q(
      `UPDATE user_debts SET due_date = $2, outstanding_balance_cents = outstanding_balance_cents - $3,
         version = version + 1, updated_at = $4 WHERE id = $1`,
      [loanId, next, principalCents, at],
    );
  }

  /** A transaction of My Wallet (its triggers keep the Nest's running total). */
  async walletTransaction(userId: string, cents: number, date: string, payee: string, at: string) {
    await this.#q(
      `INSERT INTO wallet_transactions (user_id, date, payee, amount_cents, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [userId, date, payee, cents, at],
    );
  }
}
