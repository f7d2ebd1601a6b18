import { forecastAccountFloors, forecastAlerts, forecastSettings } from '@helo/db/schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { byUser, defineModule, job, plugin, routes } from '../../api-module.ts';
import { moneyChanged, onMoneyChanged } from '../../lib/money-changed.ts';
import type { NestService } from '../nest/index.ts';
import { type ExpectedMoney, NO_EXPECTED_MONEY } from './expected-money.ts';
import { forecastRoutes } from './forecast.routes.ts';
import { ForecastService } from './forecast.service.ts';

export const FORECAST_ALERTS_QUEUE = 'forecast-alerts';

/**
 * Writes of other modules that change what the forecast expects without moving money through the
 * Wallet's or the Nest's services (a series, a budget, a loan): a successful one is a money change too.
 */
const EXPECTATION_PREFIXES = ['/api/v1/recurring', '/api/v1/user-budgets', '/api/v1/user-debts', '/api/v1/rules'];

/**
 * The balance forecast (/api/v1/forecast, issue 30 item 4). The recurring series come in through
 * `ExpectedMoney`: the service named `expectedMoney` of an earlier module (the recurring module's
 * `expectedOccurrences`) when there is one, else none.
 */
export const forecastModule = defineModule({
  name: 'forecast',
  services: ({ db, clock, mailer }, s: { nest: NestService; expectedMoney?: ExpectedMoney }) => ({
    forecast: new ForecastService(
      db,
      clock,
      mailer,
      'expectedMoney' in s && s.expectedMoney ? s.expectedMoney : NO_EXPECTED_MONEY,
      s.nest,
    ),
  }),
  plugins: (_deps, { forecast }) => [plugin(fp(alertsOnMoneyChange), { service: forecast })],
  routes: (_deps, { forecast, authenticate }) => [
    routes('/api/v1/forecast', forecastRoutes, { service: forecast, authenticate }),
  ],
  jobs: (_deps, { forecast }) => [
    // The backstop: every morning (after the loans' and the syncs' runs) the alerts follow the days
    // that passed; the writes that change money bring them up to date at once.
    job<{ users: number; alerts: number }>({
      queue: FORECAST_ALERTS_QUEUE,
      cron: '30 11 * * *',
      run: () => forecast.refreshAll(),
      report: (done, log) => {
        if (done.alerts > 0) log.info(done, 'forecast alerts sent');
      },
    }),
  ],
  userTables: [
    {
      name: 'forecast_settings',
      table: forecastSettings,
      scope: byUser(forecastSettings.userId),
      withheld: [],
      about: "Your forecast's floor: an account forecast below it is an alert (floor_cents, 0: below $0).",
      orderBy: [forecastSettings.userId],
    },
    {
      name: 'forecast_account_floors',
      table: forecastAccountFloors,
      scope: byUser(forecastAccountFloors.userId),
      withheld: [],
      about: 'A floor for one account (account_id: the row of ledger_accounts) in place of yours.',
      orderBy: [forecastAccountFloors.accountId],
    },
    {
      name: 'forecast_alerts',
      table: forecastAlerts,
      scope: byUser(forecastAlerts.userId),
      withheld: [],
      about: "Each account's low-balance alert: open while forecast below its floor; episode counts the alerts.",
      orderBy: [forecastAlerts.accountId],
    },
  ],
});

/** The listener that keeps the alert up to date, for as long as the app is open. */
async function alertsOnMoneyChange(app: FastifyInstance, opts: { service: ForecastService }) {
  const off = onMoneyChanged(
    (userId) => opts.service.refreshAlerts(userId),
    (err, userId) => app.log.error({ err, userId }, 'forecast alert refresh failed'),
  );
  app.addHook('onClose', async () => off());
  app.addHook('onResponse', async (request, reply) => {
    const userId = request.auth?.userId;
    if (!userId || request.method === 'GET' || reply.statusCode >= 400) return;
    if (EXPECTATION_PREFIXES.some((p) => request.url.startsWith(p))) moneyChanged(userId);
  });
}
