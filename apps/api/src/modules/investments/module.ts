import { investmentAccounts, investmentProfiles } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { investmentRoutes } from './investments.routes.ts';
import { InvestmentsService } from './investments.service.ts';

/** The retirement profile and investment accounts (/api/v1/user-investment). */
export const investmentsModule = defineModule({
  name: 'investments',
  services: ({ db, clock }) => ({ investments: new InvestmentsService(db, clock) }),
  routes: (_deps, { investments, authenticate }) => [
    routes('/api/v1/user-investment', investmentRoutes, { service: investments, authenticate }),
  ],
  userTables: [
    {
      name: 'investment_profiles',
      table: investmentProfiles,
      scope: byUser(investmentProfiles.userId),
      withheld: [],
      about: 'Your retirement profile: birth year, retirement age, inflation assumed.',
      orderBy: [investmentProfiles.userId],
    },
    {
      name: 'investment_accounts',
      table: investmentAccounts,
      scope: byUser(investmentAccounts.userId),
      withheld: [],
      about: 'Your investment accounts: balance, contributions and expected return.',
      orderBy: [investmentAccounts.createdAt, investmentAccounts.id],
    },
  ],
});
