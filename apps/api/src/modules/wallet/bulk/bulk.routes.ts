import { errorBody } from '@helo/contract/envelope';
import { walletBulkBody, walletBulkResponse, walletEditParams, walletUndoResponse } from '@helo/contract/wallet-bulk';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import type { WalletBulkService } from './bulk.service.ts';

/** Bulk edit in My Wallet and its undo (decisions.md "Bulk edit and one undo"). HTTP only. */
export async function walletBulkRoutes(
  app: FastifyInstance,
  opts: { service: WalletBulkService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['my wallet']);

  routes.post(
    '/transactions/bulk',
    {
      summary:
        'Set the category or the account of up to 500 transactions, or delete them, as one change with one undo: rows that cannot take it (a loan payment, a bank row linked to a Money Nest deposit, a transfer given a category) are skipped and counted; an id that is no transaction of the user is a 404 and nothing changes',
      body: walletBulkBody,
      response: { 200: walletBulkResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, body }) => {
      const data = await service.edit(userId, body);
      return { message: `Changed ${data.changed} transaction${data.changed === 1 ? '' : 's'}`, data };
    },
  );

  routes.post(
    '/edits/:id/undo',
    {
      summary:
        'Undo a change of many transactions (a bulk edit): each comes back as it was, but those changed since, which stay as they are (counted in skipped); 409 when undone already',
      params: walletEditParams,
      response: { 200: walletUndoResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => {
      const data = await service.undo(userId, params.id);
      return {
        message: `Undone: ${data.restored} transaction${data.restored === 1 ? '' : 's'} back as they were`,
        data,
      };
    },
  );
}
