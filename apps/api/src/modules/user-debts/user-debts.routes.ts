import { errorBody } from '@helo/contract/envelope';
import {
  type debtRow,
  deleteUserDebtQuery,
  deleteUserDebtResponse,
  saveUserDebtsBody,
  type UserDebt,
  updateUserDebtBody,
  userDebtParams,
  userDebtResponse,
  userDebtsResponse,
} from '@helo/contract/user-debts';
import type { Db } from '@helo/db/client';
import { centsToDollars, dollarsToCents } from '@helo/finance/cents';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { debtImagePath } from '../catalogues/catalogues.routes.ts';
import type { LoanFields, SavedDebt } from './user-debts.repository.ts';
import { UserDebtsService } from './user-debts.service.ts';

function toWire({ row, debt }: SavedDebt): UserDebt {
  return {
    id: row.id,
    version: row.version,
    debt_id: row.debtId,
    debt: { id: debt.id, debt_name: debt.debtName, image_url: debtImagePath(debt.slug) },
    initial_loan_amount: centsToDollars(row.initialLoanAmountCents),
    outstanding_balance: centsToDollars(row.outstandingBalanceCents),
    monthly_payment_amount: centsToDollars(row.monthlyPaymentCents),
    interest_rate: Number(row.interestRate),
    due_date: row.dueDate,
  };
}

/** The wire's dollars (already checked by the contract to convert exactly) as the service's cents. */
function toFields(d: z.output<typeof debtRow>): LoanFields {
  return {
    debtId: d.debt_id,
    initialLoanAmountCents: dollarsToCents(d.initial_loan_amount),
    outstandingBalanceCents: dollarsToCents(d.outstanding_balance),
    monthlyPaymentCents: dollarsToCents(d.monthly_payment_amount),
    interestRatePercent: d.interest_rate,
    dueDate: d.due_date,
  };
}

const savedMessage = (count: number) => (count === 1 ? 'Your debt is saved' : 'Your debts are saved');

/**
 * The user's loans (spec "User debts"): read the list, save a whole new one (the spec's client),
 * or change or delete one loan by its id. The service is built here from the app's database and
 * clock, so app.ts registers this module like any other.
 */
export async function userDebtRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; authenticate: preHandlerAsyncHookHandler },
) {
  const service = new UserDebtsService(opts.db, opts.clock);
  const routes = signedInRoutes(app, opts.authenticate, ['loans']);

  routes.get(
    '/',
    { summary: "The user's debts, in the order they listed them", response: { 200: userDebtsResponse } },
    async ({ userId }) => ({ data: (await service.list(userId)).map(toWire) }),
  );

  // The spec does not say which method its client saves with, so both save the whole list.
  for (const method of ['post', 'put'] as const) {
    routes[method](
      '/',
      {
        summary: "Save the user's whole list of debts (rows with an id update that loan; missing loans are deleted)",
        body: saveUserDebtsBody,
        response: { 200: userDebtsResponse, 400: errorBody, 404: errorBody, 409: errorBody },
      },
      async ({ userId, body }) => {
        const rows = body.debts.map((d) => ({ id: d.id, version: d.version, fields: toFields(d) }));
        const saved = (await service.saveList(userId, rows, body.based_on)).map(toWire);
        return { message: savedMessage(saved.length), data: saved };
      },
    );
  }

  routes.put(
    '/:id',
    {
      summary: 'Change one debt, when the version sent is still the saved one',
      params: userDebtParams,
      body: updateUserDebtBody,
      response: { 200: userDebtResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: savedMessage(1),
      data: toWire(await service.update(userId, params.id, toFields(body), body.version)),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Delete one debt (only at the version given, when one is)',
      params: userDebtParams,
      querystring: deleteUserDebtQuery,
      response: { 200: deleteUserDebtResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, query }) => {
      await service.remove(userId, params.id, query.version);
      return { message: 'Your debt is deleted', data: null };
    },
  );
}
