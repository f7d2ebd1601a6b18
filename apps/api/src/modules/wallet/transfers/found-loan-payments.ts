import type { Db } from '@helo/db/client';
import type { Cents } from '@helo/finance/cents';
import { loanPaymentFor } from '@helo/finance/loan-payment-match';
import { HttpError } from '../../../lib/http-error.ts';
import { isOwnAccount } from '../../accounts/index.ts';
import {
  accountsOf,
  freshOrdinaryRows,
  type LedgerAccount,
  liveJournal,
  type PostedJournal,
} from '../../ledger/index.ts';
import { LOAN_PAYMENT, LoanPaymentRecords, listUserDebtsIn, loanName } from '../../user-debts/index.ts';
import { WALLET_KIND } from '../wallet.repository.ts';
import { type FreshRows, keepAsLink, ordinaryLine } from './found-transfers.ts';

/**
 * Payments to the user's loans found in fresh bank rows (issue 29 item 5; decisions.md "Loan payments
 * found in bank rows"; the rule is `loanPaymentFor`): each is recorded as My Loans' "Record a payment"
 * records it (`LoanPaymentRecords.record`: the month's interest to Interest, the rest off the loan, in
 * one `loan.payment` journal from the row's account), the row's own journal (Uncategorized spending)
 * is reversed, and the row is kept as a link to the payment (its bank id stays known). A payment My
 * Loans refuses (more than the loan owes, dated before the loan was added) leaves the row as it was.
 * The caller holds the Money Nest's row, then this takes the user's (the loan job's order).
 */
export async function payFoundLoanPayments(
  tx: Db,
  userId: string,
  fresh: FreshRows,
  now: Date,
): Promise<{ rowId: string; payment: PostedJournal }[]> {
  const loans = await listUserDebtsIn(tx, userId);
  if (loans.length === 0) return [];
  const own = (await accountsOf(tx, userId)).filter(isOwnAccount);
  const byId = new Map<string, LedgerAccount>(own.map((a) => [a.id, a]));
  const matchable = loans.map((l) => ({
    id: l.row.id,
    monthlyPaymentCents: l.row.monthlyPaymentCents,
    dueDay: l.row.dueDay,
    names: [loanName(l), ...(l.row.nickname ? [l.row.nickname] : [])],
  }));
  // The rule first, on what the read holds: a 10,000-row import locks and re-reads only its few payments.
  const rows = (await freshOrdinaryRows(tx, userId, WALLET_KIND, [...byId.keys()], fresh)).filter(
    (r) => r.amountCents < 0 && loanPaymentFor(r, matchable) !== undefined,
  );
  const records = new LoanPaymentRecords(tx, { now: () => now });
  const paid: { rowId: string; payment: PostedJournal }[] = [];
  for (const r of rows) {
    const journal = await liveJournal(tx, userId, WALLET_KIND, r.groupId, { lock: true });
    const line = journal ? ordinaryLine(journal, byId) : undefined;
    if (!journal || !line) continue;
    const loanId = loanPaymentFor(
      { date: journal.date, amountCents: line.amountCents, description: journal.description },
      matchable,
    );
    if (!loanId) continue;
    let paymentId: string;
    try {
      const { payment } = await records.record(userId, loanId, {
        amountCents: -line.amountCents as Cents,
        date: journal.date,
        accountId: line.accountId,
      });
      paymentId = payment.id;
    } catch (e) {
      // Refused by My Loans' own checks: the row stays an ordinary transaction.
      if (e instanceof HttpError) continue;
      throw e;
    }
    const payment = await liveJournal(tx, userId, LOAN_PAYMENT, paymentId);
    if (!payment) throw new Error('wallet: a loan payment recorded but not found');
    await keepAsLink(
      tx,
      userId,
      journal,
      { journalId: payment.id, accountId: line.accountId, amountCents: line.amountCents },
      now,
    );
    paid.push({ rowId: journal.groupId, payment });
  }
  return paid;
}
