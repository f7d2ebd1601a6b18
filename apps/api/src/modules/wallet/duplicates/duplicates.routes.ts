import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  walletKeepBody,
  walletMergeBody,
  walletTransactionParams,
  walletTransactionResponse,
} from '@helo/contract/wallet';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import type { WalletDuplicatesService } from './duplicates.service.ts';

/** Possible duplicates in My Wallet (decisions.md "One duplicate engine"): merge, keep both, undo. HTTP only. */
export async function walletDuplicateRoutes(
  app: FastifyInstance,
  opts: { service: WalletDuplicatesService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['my wallet']);

  routes.post(
    '/transactions/:id/merge',
    {
      summary:
        "Merge a transaction into another of the same account and amount (its possible duplicate): one stays, with the imported one's bank id and date and the hand entry's category and note; undone by …/unmerge",
      params: walletTransactionParams,
      body: walletMergeBody,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Transactions merged',
      data: await service.merge(userId, params.id, body.into),
    }),
  );

  routes.post(
    '/transactions/:id/keep',
    {
      summary: 'Keep both of a pair flagged as possible duplicates: the flag is not shown again for these two',
      params: walletTransactionParams,
      body: walletKeepBody,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params, body }) => {
      await service.keep(userId, params.id, body.with);
      return { message: 'Both transactions kept', data: null };
    },
  );

  routes.post(
    '/transactions/:id/unmerge',
    {
      summary:
        'Undo the newest merge this transaction (either of the two) was in: both come back as they were (409 when not merged, or when the one kept was changed since)',
      params: walletTransactionParams,
      response: { 200: walletTransactionResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({
      message: 'Merge undone',
      data: await service.unmerge(userId, params.id),
    }),
  );
}
