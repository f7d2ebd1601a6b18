import { errorBody } from '@helo/contract/envelope';
import { loanBucketBody, loanBucketResponse } from '@helo/contract/loan-bucket';
import {
  nestAllocationBody,
  nestDepositBody,
  nestDepositParams,
  nestDepositResponse,
  nestEntriesQuery,
  nestEntriesResponse,
  nestResponse,
} from '@helo/contract/nest';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import type { LoanBucketService } from './loan-bucket.service.ts';
import type { NestService } from './nest.service.ts';

/**
 * The Money Nest (issue 15, decisions.md "Money Nest"): activation, the allocation rules, income
 * recorded and split into the buckets, its reversal, and the ledger. HTTP only; the rules are in
 * the service.
 */
export async function nestRoutes(
  app: FastifyInstance,
  opts: { service: NestService; loanBucket: LoanBucketService; authenticate: preHandlerAsyncHookHandler },
) {
  const { service, loanBucket } = opts;
  const routes = signedInRoutes(app, opts.authenticate, ['money nest']);

  routes.get(
    '/',
    {
      summary: "The user's Money Nest: whether it is active, the rules, every bucket's balance and the latest deposits",
      response: { 200: nestResponse },
    },
    async ({ userId }) => ({ data: await service.get(userId) }),
  );

  routes.post(
    '/activate',
    {
      summary: 'Activate the Money Nest and My Wallet (201; 200 when already active)',
      response: { 200: nestResponse, 201: nestResponse },
    },
    async ({ userId, reply }) => {
      const { nest, created } = await service.activate(userId);
      return reply.status(created ? 201 : 200).send({ message: 'Money Nest activated', data: nest });
    },
  );

  routes.put(
    '/allocation',
    {
      summary: 'Replace the allocation rules, in order, from the version read (409 when stale or not active)',
      body: nestAllocationBody,
      response: { 200: nestResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Allocation saved', data: await service.saveRules(userId, body) }),
  );

  routes.post(
    '/deposits',
    {
      summary: 'Record income: split by the rules into the buckets, the rest to the Wallet (409 when not active)',
      body: nestDepositBody,
      response: { 201: nestDepositResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, body, reply }) =>
      reply.status(201).send({ message: 'Income recorded', data: await service.deposit(userId, body) }),
  );

  routes.post(
    '/deposits/:id/reverse',
    {
      summary:
        'Reverse a deposit with negative entries (409 when already reversed or a target no longer holds its share)',
      params: nestDepositParams,
      response: { 200: nestDepositResponse, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    async ({ userId, params }) => ({ message: 'Deposit reversed', data: await service.reverse(userId, params.id) }),
  );

  routes.get(
    '/entries',
    {
      summary: "The Nest's ledger, newest first, a page at a time",
      querystring: nestEntriesQuery,
      response: { 200: nestEntriesResponse, 400: errorBody },
    },
    ({ userId, query }) => service.entries(userId, query.cursor, query.limit),
  );

  routes.get(
    '/loan-bucket',
    {
      summary:
        "The loan bucket (Loan payments): its balance, what is set aside for each loan's next due date, the interest earned, the rate, the pulls to come",
      response: { 200: loanBucketResponse },
    },
    async ({ userId }) => ({ data: await loanBucket.view(userId) }),
  );

  routes.put(
    '/loan-bucket',
    {
      summary: 'Set the yearly rate the loan bucket earns, posted monthly (409 when the Nest is not active)',
      body: loanBucketBody,
      response: { 200: loanBucketResponse, 400: errorBody, 409: errorBody },
    },
    async ({ userId, body }) => ({ message: 'Rate saved', data: await loanBucket.saveRate(userId, body) }),
  );
}
