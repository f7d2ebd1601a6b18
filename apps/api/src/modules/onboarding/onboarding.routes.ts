import { errorBody } from '@helo/contract/envelope';
import {
  onboardingProfileBody,
  onboardingProfileResponse,
  saveGoalsBody,
  saveGoalsResponse,
} from '@helo/contract/onboarding';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInRoutes } from '../../lib/signed-in-routes.ts';
import { UNVERIFIED_ALLOWED } from '../../plugins/require-verified.ts';
import type { OnboardingService } from './onboarding.service.ts';

export async function onboardingRoutes(
  app: FastifyInstance,
  opts: { service: OnboardingService; authenticate: preHandlerAsyncHookHandler },
) {
  const routes = signedInRoutes(app, opts.authenticate, ['onboarding']);

  routes.put(
    '/goals',
    {
      summary: "Save the goals picked during onboarding (replaces the user's list)",
      body: saveGoalsBody,
      response: { 200: saveGoalsResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({
      message: 'Your goals are saved',
      data: { goal_ids: await opts.service.saveGoals(userId, body.goal_ids) },
    }),
    { config: UNVERIFIED_ALLOWED },
  );

  routes.get(
    '/profile',
    {
      summary: 'The optional setup after verifying: monthly take-home income and what to do first',
      response: { 200: onboardingProfileResponse },
    },
    async ({ userId }) => ({ message: 'Your setup', data: await opts.service.profile(userId) }),
  );

  routes.put(
    '/profile',
    {
      summary: 'Save the setup after verifying (replaces it; a left-out answer is cleared)',
      body: onboardingProfileBody,
      response: { 200: onboardingProfileResponse, 400: errorBody },
    },
    async ({ userId, body }) => ({
      message: 'Your setup is saved',
      data: await opts.service.saveProfile(userId, body),
    }),
  );
}
