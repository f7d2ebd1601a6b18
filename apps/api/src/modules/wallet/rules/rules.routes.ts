import { errorBody, messageOnly } from '@helo/contract/envelope';
import {
  ruleApplicationParams,
  ruleApplyResponse,
  ruleBody,
  ruleOrderBody,
  ruleParams,
  rulePreviewBody,
  rulePreviewResponse,
  ruleResponse,
  rulesResponse,
  ruleUndoResponse,
  ruleUpdateBody,
} from '@helo/contract/rules';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../../lib/signed-in-routes.ts';
import type { WalletRulesService } from './rules.service.ts';

/** My Wallet's rules (issue 29 item 1, decisions.md "Rules: order and what wins"). HTTP only. */
export async function walletRuleRoutes(
  app: FastifyInstance,
  opts: { service: WalletRulesService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['my wallet']);

  routes.get(
    '/',
    { summary: "The user's rules in their order", response: { 200: rulesResponse } },
    async ({ userId }) => ({ message: 'Rules', data: await service.list(userId) }),
  );

  routes.post(
    '/',
    {
      summary:
        "Add a rule at the end of the list: its categories this month's budget's or Uncategorized, its accounts the user's (409 past 500 rules)",
      body: ruleBody,
      response: { 201: ruleResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Rule added', data: await service.create(userId, body) }),
  );

  routes.post(
    '/order',
    {
      summary: "Put the rules in a new order: every one of the user's rule ids, each once",
      body: ruleOrderBody,
      response: { 200: rulesResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Rules reordered', data: await service.order(userId, body.ids) }),
  );

  routes.post(
    '/preview',
    {
      summary:
        'What a rule (not saved) would change among the past transactions, taken alone: the count and the first 50',
      body: rulePreviewBody,
      response: { 200: rulePreviewResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Preview', data: await service.preview(userId, body) }),
  );

  routes.put(
    '/:id',
    {
      summary: 'Save a rule from the version read (409 when stale)',
      params: ruleParams,
      body: ruleUpdateBody,
      response: { 200: ruleResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params, body }) => ({
      message: 'Rule saved',
      data: await service.update(userId, params.id, body),
    }),
  );

  routes.delete(
    '/:id',
    {
      summary: 'Delete a rule (what it did to transactions stays)',
      params: ruleParams,
      response: { 200: messageOnly, 400: errorBody, 404: errorBody },
    },
    async ({ userId, params }) => {
      await service.delete(userId, params.id);
      return { message: 'Rule deleted', data: null };
    },
  );

  routes.post(
    '/:id/apply',
    {
      summary:
        'Apply a rule to the past transactions it changes, each corrected through the ledger in one transaction; undone as a whole by …/applications/{id}/undo',
      params: ruleParams,
      response: { 200: ruleApplyResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => {
      const done = await service.apply(userId, params.id);
      return { message: `Rule applied to ${transactions(done.changed)}`, data: done };
    },
  );

  routes.post(
    '/applications/:id/undo',
    {
      summary:
        'Undo an application of a rule: every transaction back as it was, but those changed since (skipped, and counted)',
      params: ruleApplicationParams,
      response: { 200: ruleUndoResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => {
      const done = await service.undo(userId, params.id);
      const as = done.skipped === 1 ? 'it is' : 'they are';
      const left = done.skipped > 0 ? `; ${transactions(done.skipped)} changed since left as ${as}` : '';
      return { message: `${transactions(done.restored)} put back${left}`, data: done };
    },
  );
}

/** "1 transaction", "2 transactions": a toast reads as a sentence. */
const transactions = (n: number) => `${n.toLocaleString('en-US')} transaction${n === 1 ? '' : 's'}`;
