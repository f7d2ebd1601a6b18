import { emergencyFunds } from '@helo/db/schema';
import { byUser, defineModule, routes } from '../../api-module.ts';
import { emergencyFundRoutes } from './emergency-fund.routes.ts';
import { EmergencyFundService } from './emergency-fund.service.ts';

/** The emergency fund, its plan and its entries (/api/v1/user-emergency-fund). */
export const emergencyFundModule = defineModule({
  name: 'emergency-fund',
  services: ({ db, clock, mailer }) => ({ fund: new EmergencyFundService(db, clock, mailer) }),
  routes: (_deps, { fund, authenticate }) => [
    routes('/api/v1/user-emergency-fund', emergencyFundRoutes, { service: fund, authenticate }),
  ],
  userTables: [
    {
      name: 'emergency_funds',
      table: emergencyFunds,
      scope: byUser(emergencyFunds.userId),
      withheld: [],
      about:
        'Your emergency fund: the answers it was set up with (its balance is the starting amount plus the entries).',
      orderBy: [emergencyFunds.id],
    },
  ],
});
