import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  transactionsCsvFileName,
  walletMakeTransferBody,
  walletPairBody,
  walletSummaryQuery,
  walletSummaryResponse,
  walletTagsResponse,
  walletTransactionBody,
  walletTransactionParams,
  walletTransactionResponse,
  walletTransactionsCsvQuery,
  walletTransactionsQuery,
  walletTransactionsResponse,
  walletTransactionUpdateBody,
  walletTransferBody,
  walletTransferUpdateBody,
  walletUnpairResponse,
} from '@helo/contract/wallet';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { TransactionsExport } from './export/transactions-export.ts';
import type { WalletService } from './wallet.service.ts';

// The OpenAPI document names the file's type; the reply is a stream, never serialized.
const csvAnswer = {
  description: 'A CSV file: Date, Account, Payee, Category, Amount (dollars, money out negative), Notes, Tags.',
  content: { 'text/csv': { schema: z.string() } },
} as unknown as z.ZodType;

/**
 * My Wallet (issue 15, decisions.md "My Wallet"): the transactions spent from the Wallet and a
 * month's spending against its budget. HTTP only; the rules are in the service. Bank imports are
 * `import/`'s routes.
 */
export async function walletRoutes(
  app: FastifyInstance,
  opts: { service: WalletService; transactionsExport: TransactionsExport; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, transactionsExport } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['my wallet']);

  routes.get(
    '/transactions',
    {
      summary:
        "The user's transactions, newest first, a page at a time, by dates, a category, a tag and a piece of the payee, the bank's description or the note",
      querystring: walletTransactionsQuery,
      response: { 200: walletTransactionsResponse, 400: errorBody },
    },
    ({ userId, query }) => service.list(userId, query),
  );

  routes.get(
    '/transactions.csv',
    {
      summary:
        "The user's transactions as a CSV file (Date, Account, Payee, Category, Amount, Notes, Tags) that Monarch, YNAB and Actual import, newest first, with the list's filters",
      querystring: walletTransactionsCsvQuery,
      response: { 200: csvAnswer, 400: errorBody },
    },
    async ({ userId, query, reply }) => {
      const stream = await transactionsExport.stream(userId, query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${transactionsCsvFileName(transactionsExport.today())}"`)
        .send(stream);
    },
  );

  routes.post(
    '/transactions',
    {
      summary:
        "Add a transaction, filed under one of its month's budget categories or Uncategorized (409 before the Money Nest is active, or past 250,000 transactions)",
      body: walletTransactionBody,
      response: { 201: walletTransactionResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Transaction added', data: await service.create(userId, body) }),
  );

  routes.put(
    '/transactions/:id',
    {
      summary: 'Save a transaction from the version read (409 when stale)',
      params: walletTransactionParams,
      body: walletTransactionUpdateBody,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Transaction saved',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/transactions/:id',
    {
      summary: 'Delete a transaction',
      params: walletTransactionParams,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.delete(userId, params.id);
      return { message: 'Transaction deleted', data: null };
    },
  );

  routes.post(
    '/transactions/:id/transfer',
    {
      summary:
        "Turn a transaction into a transfer between its account and another of the user's (never income nor spending), from the version read",
      params: walletTransactionParams,
      body: walletMakeTransferBody,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Transaction turned into a transfer',
      data: await service.makeTransfer(userId, params.id, body),
    }),
  );

  routes.post(
    '/transactions/:id/pair',
    {
      summary:
        "Pair a transaction with another of the opposite amount in another of the user's accounts: the two become one transfer (never income nor spending)",
      params: walletTransactionParams,
      body: walletPairBody,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Paired as a transfer',
      data: await service.pair(userId, params.id, body),
    }),
  );

  routes.post(
    '/transactions/:id/unpair',
    {
      summary:
        'Unpair a transfer found in (or paired from) two transactions: both are ordinary transactions again, as they were (409 for a transfer recorded as one). A loan payment found in a bank row: the row is a transaction again and My Loans undoes the payment (409 for one recorded in My Loans)',
      params: walletTransactionParams,
      response: { 200: walletUnpairResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => {
      const data = await service.unpair(userId, params.id);
      return {
        message: data.length === 1 ? 'Unpaired: My Loans took the payment back' : 'Unpaired: two transactions again',
        data,
      };
    },
  );

  routes.post(
    '/transactions/:id/unlink',
    {
      summary:
        'Unlink a bank row from the Money Nest deposit it was recognised as: it becomes income of its account (409 when not linked)',
      params: walletTransactionParams,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Unlinked from the Money Nest deposit',
      data: await service.unlink(userId, params.id),
    }),
  );

  routes.post(
    '/transfers',
    {
      summary:
        "Record money moved between two of the user's accounts: one journal, never income nor spending (409 before the Money Nest is active)",
      body: walletTransferBody,
      response: { 201: walletTransactionResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Transfer recorded', data: await service.createTransfer(userId, body) }),
  );

  routes.put(
    '/transfers/:id',
    {
      summary: 'Save a transfer from the version read (409 when stale)',
      params: walletTransactionParams,
      body: walletTransferUpdateBody,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Transfer saved',
      data: await service.updateTransfer(userId, params.id, body),
    }),
  );

  routes.delete(
    '/transfers/:id',
    {
      summary: 'Delete a transfer (both accounts get their money back)',
      params: walletTransactionParams,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.deleteTransfer(userId, params.id);
      return { message: 'Transfer deleted', data: null };
    },
  );

  routes.get(
    '/tags',
    {
      summary: "The user's transaction tags (as first spelled), each with how many transactions carry it",
      response: { 200: walletTagsResponse },
    },
    async ({ userId }) => ({ data: await service.tags(userId) }),
  );

  routes.get(
    '/summary',
    {
      summary:
        "The Wallet's balance and a month's spending per budget category, planned against spent (this month in New York by default)",
      querystring: walletSummaryQuery,
      response: { 200: walletSummaryResponse, 400: errorBody },
    },
    async ({ userId, query }) => ({ data: await service.summary(userId, query) }),
  );
}
