import { onboardingProfiles, userGoals } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { OnboardingService } from './onboarding.service.ts';

/** The setup after verifying: the goals picked and the profile (/api/v1/onboarding). */
export const onboardingModule = defineModule({
  name: 'onboarding',
  services: ({ db, clock }) => ({ onboarding: new OnboardingService(db, clock) }),
  routes: (_deps, { onboarding, authenticate }) => [
    routes('/api/v1/onboarding', onboardingRoutes, { service: onboarding, authenticate }),
  ],
  userTables: [
    {
      name: 'onboarding_profiles',
      table: onboardingProfiles,
      scope: byUser(onboardingProfiles.userId),
      withheld: [],
      about: 'Your answers to the setup after verifying: monthly take-home income (cents) and what you wanted first.',
      orderBy: [onboardingProfiles.userId],
    },
    {
      name: 'user_goals',
      table: userGoals,
      scope: byUser(userGoals.userId),
      withheld: [],
      about: 'The goals you picked when you started (goal_id: one of GET /api/v1/goals).',
      orderBy: [userGoals.goalId],
    },
  ],
});
