import { errorBody } from '@helo/contract/envelope';
import { saveUserDebtsBody, type UserDebt, userDebtsResponse } from '@helo/contract/user-debts';
import type { Db } from '@helo/db/client';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { invalidField } from '../../lib/http-error.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import { debtImagePath } from '../catalogues/catalogues.routes.ts';
import { knownDebtIds, listUserDebts, replaceUserDebts } from './user-debts.repository.ts';

type SavedRow = Awaited<ReturnType<typeof listUserDebts>>[number];

function toWire({ row, debt }: SavedRow): UserDebt {
  return {
    id: row.id,
    debt_id: row.debtId,
    debt: { id: debt.id, debt_name: debt.debtName, image_url: debtImagePath(debt.slug) },
    initial_loan_amount: centsToDollars(row.initialLoanAmountCents),
    outstanding_balance: centsToDollars(row.outstandingBalanceCents),
    monthly_payment_amount: centsToDollars(row.monthlyPaymentCents),
    interest_rate: Number(row.interestRate),
    due_date: row.dueDate,
  };
}

/** The user's loans (spec "User debts"): read the list, or save a whole new one. */
export async function userDebtRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['loans'];
  const security = [{ bearerAuth: [] }];
  const list = async (userId: string) => (await listUserDebts(opts.db, userId)).map(toWire);

  r.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "The user's debts, in the order they listed them",
        response: { 200: userDebtsResponse, 401: errorBody },
      },
      preHandler: opts.authenticate,
    },
    async (request) => ({ data: await list(requireAuth(request).userId) }),
  );

  const save = async (userId: string, body: z.output<typeof saveUserDebtsBody>) => {
    const known = await knownDebtIds(opts.db, [...new Set(body.debts.map((d) => d.debt_id))]);
    const unknown = body.debts.findIndex((d) => !known.has(d.debt_id));
    if (unknown >= 0) {
      throw invalidField(`debts.${unknown}.debt_id`, 'Unknown debt type');
    }
    await replaceUserDebts(
      opts.db,
      userId,
      body.debts.map((d) => ({
        debtId: d.debt_id,
        initialLoanAmountCents: dollarsToCents(d.initial_loan_amount),
        outstandingBalanceCents: dollarsToCents(d.outstanding_balance),
        monthlyPaymentCents: dollarsToCents(d.monthly_payment_amount),
        interestRatePercent: d.interest_rate,
        dueDate: d.due_date,
      })),
      opts.clock.now(),
    );
    const saved = await list(userId);
    return { message: saved.length === 1 ? 'Your debt is saved' : 'Your debts are saved', data: saved };
  };

  // The spec does not say which method its client saves with, so both replace the whole list.
  for (const method of ['post', 'put'] as const) {
    r[method](
      '/',
      {
        schema: {
          tags,
          security,
          summary: "Save the user's debts (replaces the whole list)",
          body: saveUserDebtsBody,
          response: { 200: userDebtsResponse, 400: errorBody, 401: errorBody },
        },
        preHandler: opts.authenticate,
      },
      async (request) => save(requireAuth(request).userId, request.body),
    );
  }
}
