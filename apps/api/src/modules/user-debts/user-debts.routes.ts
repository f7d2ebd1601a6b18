import { errorBody } from '@helo/contract/envelope';
import {
  deleteUserDebtQuery,
  deleteUserDebtResponse,
  saveUserDebtsBody,
  updateUserDebtBody,
  userDebtParams,
  userDebtResponse,
  userDebtsResponse,
} from '@helo/contract/user-debts';
import {
  loanPaymentBody,
  loanPaymentParams,
  loanPaymentResponse,
  loanPaymentsResponse,
  loanPaymentUndoResponse,
} from '@helo/contract/user-debts-payments';
import { dollarsToCents } from '@helo/finance/cents';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { LoanPaymentRecords } from './loan-payment-records.service.ts';
import type { UserDebtsService } from './user-debts.service.ts';

const savedMessage = (count: number) => (count === 1 ? 'Your debt is saved' : 'Your debts are saved');

/**
 * The user's loans (spec "User debts"): read the list, save a whole new one (the spec's client),
 * or change or delete one loan by its id.
 */
export async function userDebtRoutes(
  app: FastifyInstance,
  opts: { service: UserDebtsService; payments: LoanPaymentRecords; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, payments } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['loans']);

  routes.get(
    '/',
    { summary: "The user's debts, in the order they listed them", response: { 200: userDebtsResponse } },
    async ({ userId }) => ({ data: await service.list(userId) }),
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
        const saved = await service.saveList(userId, body.debts, body.based_on);
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
      data: await service.update(userId, params.id, body),
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

  routes.get(
    '/:id/payments',
    {
      summary: "The loan's payments, newest first: the Money Nest's and those the user recorded",
      params: userDebtParams,
      response: { 200: loanPaymentsResponse, 404: errorBody },
    },
    async ({ userId, params }) => ({ data: await payments.list(userId, params.id) }),
  );

  routes.post(
    '/:id/payments',
    {
      summary: 'Record a payment of the loan from one of the user’s accounts (or one not in Helo)',
      params: userDebtParams,
      body: loanPaymentBody,
      response: { 201: loanPaymentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body, reply }) =>
      reply.status(201).send({
        message: 'Payment recorded',
        data: await payments.record(userId, params.id, {
          amountCents: dollarsToCents(body.amount),
          date: body.date,
          accountId: body.account_id ?? null,
        }),
      }),
  );

  routes.delete(
    '/:id/payments/:paymentId',
    {
      summary: 'Undo a payment: the loan owes again what it lowered, the money is back in its account',
      params: loanPaymentParams,
      response: { 200: loanPaymentUndoResponse, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Payment undone',
      data: await payments.undo(userId, params.id, params.paymentId),
    }),
  );
}
