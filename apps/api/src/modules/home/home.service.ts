import type { Home } from '@helo/contract/home';
import { UNCATEGORIZED } from '@helo/contract/wallet';
import type { Db } from '@helo/db/client';
import { firstDayOf, monthOf, nextMonth } from '@helo/finance/calendar';
import { type Cents, cents, centsToDollars, dollarsToCents } from '@helo/finance/cents';
import { type AccountKind, netWorth as ledgerNetWorth } from '@helo/finance/ledger';
import { progressPercent } from '@helo/finance/progress';
import { spendingByCategory } from '@helo/finance/spending';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { productToday } from '../../lib/product-day.ts';
import { toWire as budgetView, findBudgetByMonth } from '../budgets/index.ts';
import type { EmergencyFundService } from '../emergency-fund/index.ts';
import { investmentsAtAGlance } from '../investments/index.ts';
import { accountsOf, type LedgerAccount, liveLinesSum } from '../ledger/index.ts';
import type { LifestyleGoalsService } from '../lifestyle-goals/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import { loansOf } from '../user-debts/index.ts';
import { categoryFlows } from '../wallet/index.ts';
import { homeFigures } from './home.repository.ts';

/** The areas' services Home asks for their figures, each run on Home's one transaction (`on`). */
export interface HomeAreas {
  fund: EmergencyFundService;
  goals: LifestyleGoalsService;
  notifications: NotificationService;
}

/** How many notifications Home lists (the contract allows at most 3). */
const LATEST_NOTIFICATIONS = 3;

/**
 * Home (issue 17, decisions.md "Vault, tools waitlist and Home"): every area's headline figure in
 * one answer. Each figure is computed by the area's own code (its service, repository or view
 * function), run on this request's transaction, so Home and the area's page can not disagree.
 * Everything is read in one repeatable-read, read-only transaction: a deposit that commits while
 * Home reads can not show in the Nest's figure and not yet in the fund's, or the other way round.
 */
export class HomeService {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #areas: HomeAreas;

  /** `areas`: the services of the areas Home reads through, built once where the app is assembled. */
  constructor(db: Db, clock: Clock, areas: HomeAreas) {
    this.#db = db;
    this.#clock = clock;
    this.#areas = areas;
  }

  home(userId: string): Promise<Home> {
    const now = this.#clock.now();
    const today = productToday(now);
    const month = monthOf(today);
    const monthStart = firstDayOf(month);
    const nextMonthStart = firstDayOf(nextMonth(month));
    // The Clock is fixed for the request, so every area's service agrees on today.
    const clock: Clock = { now: () => now };
    // PGlite is one connection and a transaction's statements run one after the other on its
    // connection, so the reads are awaited in turn: running them "concurrently" would only queue.
    return this.#db.transaction(
      async (tx) => {
        const figures = await homeFigures(tx, userId);
        if (figures.firstName === undefined) throw unauthorized();
        // Every account of the user's with what it holds (the ledger's: one row each).
        const accounts = await accountsOf(tx, userId);

        // Debts: the loans page's rows (a due date already passed reads as the next one).
        const loans = await loansOf(tx, userId, today);
        let debtCents = 0;
        let paymentCents = 0;
        for (const loan of loans) {
          debtCents += dollarsToCents(loan.outstanding_balance);
          paymentCents += dollarsToCents(loan.monthly_payment_amount);
        }
        // The loan due soonest among those with money still owed; on a tie, the first in the user's order.
        const next = loans
          .filter((l) => l.outstanding_balance > 0)
          .reduce<(typeof loans)[number] | undefined>(
            (soonest, l) => (!soonest || l.due_date < soonest.due_date ? l : soonest),
            undefined,
          );
        const debts: Home['debts'] =
          loans.length === 0
            ? null
            : {
                count: loans.length,
                total_balance: centsToDollars(debtCents),
                monthly_payments: centsToDollars(paymentCents),
                next_payment: next
                  ? { debt_name: next.debt.debt_name, amount: next.monthly_payment_amount, date: next.due_date }
                  : null,
              };

        // Emergency fund: the fund page's own answer (saved amount and plan).
        const fund = await this.#areas.fund.on(tx, clock).find(userId);
        const emergencyFund: Home['emergency_fund'] = fund
          ? {
              saved: fund.saved_amount,
              target_low: fund.plan.target_low,
              target_high: fund.plan.target_high,
              progress_percent: fund.plan.progress_percent,
            }
          : null;

        // Lifestyle goals: the goals page's list; "behind" is its status.
        const goalList = await this.#areas.goals.on(tx, clock).list(userId);
        let goalSaved = 0;
        let goalTarget = 0;
        for (const g of goalList) {
          goalSaved += dollarsToCents(g.saved_amount);
          goalTarget += dollarsToCents(g.target_amount);
        }
        const goals: Home['goals'] =
          goalList.length === 0
            ? null
            : {
                count: goalList.length,
                saved: centsToDollars(goalSaved),
                target: centsToDollars(goalTarget),
                progress_percent: progressPercent(goalSaved, goalTarget),
                behind_count: goalList.filter((g) => g.status === 'behind').length,
              };

        // Investments: the accounts' balances and the projection the investments page shows (the
        // history charts are not read: no Home figure needs them).
        const glance = await investmentsAtAGlance(tx, userId, today);
        const investments: Home['investments'] = glance
          ? {
              account_count: glance.accountCount,
              total_balance: centsToDollars(glance.totalCents),
              retirement_age: glance.retirementAge,
              monthly_retirement_income: centsToDollars(glance.monthlyIncomeCents),
            }
          : null;

        // This month's budget (New York), as the budget page sums it.
        const saved = await findBudgetByMonth(tx, userId, month);

        // The Nest and the Wallet (activated together). The Wallet's month is the wallet page's
        // summary (WalletService.summary): the month's flows per category against this budget's
        // categories, by spendingByCategory, with the budget read above rather than read again.
        let nest: Home['nest'] = null;
        let wallet: Home['wallet'] = null;
        let spentCents: Cents | null = null;
        const walletCents = figures.nestActive ? figures.walletCents : 0;
        if (figures.nestActive) {
          // Income: the month's Nest deposits not reversed (a reversed one is income that did not happen).
          const incomeCents = -(await liveLinesSum(tx, userId, {
            journalKind: 'nest.deposit',
            accountKind: 'income',
            first: monthStart,
            next: nextMonthStart,
          }));
          nest = {
            loan_payments: centsToDollars(sumOf(accounts, ['loan_payments'])),
            income_this_month: centsToDollars(cents(incomeCents)),
          };
          const spending = spendingByCategory({
            budget: (saved?.categories ?? []).map((c) => ({ name: c.name, plannedCents: c.plannedCents })),
            flows: await categoryFlows(tx, userId, monthStart, nextMonthStart),
            uncategorized: UNCATEGORIZED,
          });
          spentCents = spending.totalSpentCents;
          wallet = { balance: centsToDollars(walletCents), spent_this_month: centsToDollars(spentCents) };
        }

        let budget: Home['budget'] = null;
        if (saved) {
          const view = budgetView(saved);
          const plannedCents = dollarsToCents(view.summary.planned);
          budget = {
            month,
            net_income: view.net_income,
            planned: view.summary.planned,
            spent: spentCents === null ? null : centsToDollars(spentCents),
            left: spentCents === null ? null : centsToDollars(plannedCents - spentCents),
          };
        }

        // Net worth: what the user's accounts hold less what they owe, each counted once, from the
        // ledger (the Nest's shares are in the fund's, goals' and accounts' balances, not beside them;
        // My Wallet's transactions are journals of its accounts).
        const anyMoneyArea = debts || emergencyFund || goals || investments || nest;
        const nestAndWallet = sumOf(accounts, ['checking', 'savings', 'cash', 'loan_payments']);
        const netWorth: Home['net_worth'] = anyMoneyArea
          ? {
              total: centsToDollars(cents(ledgerNetWorth(accounts))),
              investments: centsToDollars(sumOf(accounts, ['investment'])),
              emergency_fund: centsToDollars(sumOf(accounts, ['emergency_fund'])),
              goals: centsToDollars(sumOf(accounts, ['goal'])),
              nest_and_wallet: centsToDollars(cents(nestAndWallet)),
              debts: centsToDollars(cents(-sumOf(accounts, ['loan', 'credit_card']))),
            }
          : null;

        const page = await this.#areas.notifications.on(tx, clock).page(userId, undefined, LATEST_NOTIFICATIONS);

        return {
          first_name: figures.firstName,
          net_worth: netWorth,
          debts,
          emergency_fund: emergencyFund,
          goals,
          budget,
          investments,
          nest,
          wallet,
          vault: { active: figures.vaultActive, file_count: figures.vaultFileCount },
          notifications: { unread_count: page.unread_count, latest: page.data },
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

/** What the user's accounts of these kinds hold together. */
function sumOf(accounts: readonly LedgerAccount[], kinds: readonly AccountKind[]): Cents {
  return cents(accounts.filter((a) => kinds.includes(a.kind)).reduce((sum, a) => sum + a.balanceCents, 0));
}
