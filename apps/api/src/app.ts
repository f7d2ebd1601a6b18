import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '@helo/db/client';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { runHousekeeping } from './jobs/housekeeping.ts';
import { runLoanPaymentReminders } from './jobs/loan-payment-reminders.ts';
import { runLoanDueDates } from './jobs/loan-payments.ts';
import { type Scheduler, startScheduler } from './jobs/scheduler.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { requestLogSerializer } from './lib/log-serializers.ts';
import { MailDispatcher, type MailTransport } from './mail/dispatcher.ts';
import { Mailer } from './mail/mailer.ts';
import { smtpTransport } from './mail/smtp-transport.ts';
import { AccountService, accountRoutes } from './modules/account/index.ts';
import { AccountsService, accountsRoutes } from './modules/accounts/index.ts';
import { appConfigRoutes } from './modules/app-config/index.ts';
import {
  AuthService,
  authRoutes,
  createAccessTokens,
  createAuthenticate,
  ReauthService,
  reauthRoutes,
  recentAuthPlugin,
  TwoFactorService,
  twoFactorRoutes,
} from './modules/auth/index.ts';
import { BudgetsService, budgetRoutes } from './modules/budgets/index.ts';
import { CatalogueService, catalogueRoutes } from './modules/catalogues/index.ts';
import { ConnectService, connectRoutes } from './modules/connect/index.ts';
import { DevOutboxService, devOutboxRoutes } from './modules/dev/index.ts';
import { EmergencyFundService, emergencyFundRoutes } from './modules/emergency-fund/index.ts';
import { FeedbackService, feedbackRoutes } from './modules/feedback/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { HomeService, homeRoutes } from './modules/home/index.ts';
import { InvestmentsService, investmentRoutes } from './modules/investments/index.ts';
import { LifestyleGoalsService, lifestyleGoalRoutes } from './modules/lifestyle-goals/index.ts';
import { LoanPlanService, loanPlanRoutes } from './modules/loan-plan/index.ts';
import { isNestFundEntry, isNestGoalEntry, NestService, nestRoutes } from './modules/nest/index.ts';
import {
  NotificationService,
  notificationRoutes,
  ReminderPreferencesService,
  reminderPreferenceRoutes,
} from './modules/notifications/index.ts';
import { OnboardingService, onboardingRoutes } from './modules/onboarding/index.ts';
import { PasskeysService, passkeyRoutes, relyingParty } from './modules/passkeys/index.ts';
import { ToolsService, toolsRoutes } from './modules/tools/index.ts';
import { userDebtRoutes } from './modules/user-debts/index.ts';
import { VaultFileStore, VaultService, vaultRoutes, vaultStorage } from './modules/vault/index.ts';
import {
  DEFAULT_WALLET_LIMITS,
  WalletImportService,
  WalletService,
  walletImportRoutes,
  walletRoutes,
} from './modules/wallet/index.ts';
import { allowedHostsPlugin } from './plugins/allowed-hosts.ts';
import { cacheControlPlugin } from './plugins/cache-control.ts';
import { errorsPlugin, routerErrorReply } from './plugins/errors.ts';
import { jsonCharsetPlugin } from './plugins/json-charset.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitRedis, redisWithLocalFallback, untilConnected } from './plugins/rate-limit-store.ts';
import { requireVerifiedEmail } from './plugins/require-verified.ts';
import { SessionCache } from './plugins/session-cache.ts';
import { slowClientOptions } from './plugins/slow-clients.ts';
import { strictTransportPlugin } from './plugins/strict-transport.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface AppDeps {
  database: Database;
  clock?: Clock;
  /** Replaces SMTP in tests that need a failing or recording transport. */
  mailTransport?: MailTransport;
  /** How often pending mail is retried; 0 turns the timer off (tests kick it by hand). */
  mailRetryIntervalMs?: number;
  /** Where logs go; standard output when absent. */
  logStream?: NodeJS.WritableStream;
  /** How long a client may take to send a request; tests shorten it. */
  requestTimeoutMs?: number;
  /** Runs the scheduled jobs (pg-boss); the server turns it on, most tests leave it off. */
  scheduler?: boolean;
}

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.refresh_token',
  '*.refreshToken',
  '*.access_token',
  '*.token',
];

export interface App {
  app: FastifyInstance;
  mailDispatcher: MailDispatcher | undefined;
}

/** The whole HTTP application, used by the server and by every API test. */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<App> {
  const clock = deps.clock ?? systemClock;
  const walletLimits = config.walletLimits ?? DEFAULT_WALLET_LIMITS;
  const db = deps.database.db;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { req: requestLogSerializer },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // On shutdown, new requests get 503 while the ones in flight finish.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: routerErrorReply,
    ...slowClientOptions(deps.requestTimeoutMs),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const backgroundWork = new BackgroundWork(app.log);
  app.decorate('backgroundWork', backgroundWork);
  app.addHook('onClose', () => backgroundWork.drain());
  await app.register(errorsPlugin);
  await app.register(allowedHostsPlugin, { config });
  await app.register(cacheControlPlugin);
  await app.register(jsonCharsetPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // The docs UI and the web app use inline styles; scripts stay same-origin only.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
      },
    },
    // Sent by strictTransportPlugin, on HTTPS answers only.
    strictTransportSecurity: false,
  });
  await app.register(strictTransportPlugin);
  // API answers above 1 KB go out compressed; static files arrive already compressed (web-app.ts), and
  // the plugin leaves a reply that has a Content-Encoding alone. Brotli at quality 4: level 11 costs
  // more CPU per response than it saves on the wire for JSON this size.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // Compressed request bodies are not accepted: no client needs them, and they would let a small
    // body inflate past the body limit's intent.
    globalDecompression: false,
  });
  await app.register(cookie);
  if (config.redisUrl) {
    const redis = rateLimitRedis(config.redisUrl);
    // Errors also reach the store's callbacks; without a listener ioredis would print each one.
    redis.on('error', () => {});
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    app.addHook('onReady', async () => {
      if (!(await untilConnected(redis, 3_000)))
        app.log.warn('rate limits: Redis is not answering yet; counting locally');
    });
    await app.register(rateLimit, { global: false, store: redisWithLocalFallback(redis, app.log) });
  } else {
    await app.register(rateLimit, { global: false });
  }
  await app.register(openApiPlugin);

  const transport = deps.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  const mailDispatcher = transport ? new MailDispatcher(db, transport, config.mailFrom, clock, app.log) : undefined;
  const mailer = new Mailer(mailDispatcher, clock, app.log, config.env !== 'production');
  const accessTokens = createAccessTokens(config.jwtSecret);
  const sessionCache = new SessionCache(clock);
  const signedIn = createAuthenticate(db, accessTokens, clock, sessionCache);
  // Every signed-in route also requires a verified email unless it says otherwise (require-verified.ts).
  const authenticate = requireVerifiedEmail(signedIn.authenticate, db, clock);
  const { identify } = signedIn;
  const authService = new AuthService(db, clock, config, mailer, accessTokens, sessionCache);

  await app.register(recentAuthPlugin, { db, clock, mailer, supportEmail: config.supportEmail });
  await app.register(healthRoutes, { prefix: '/api/health', database: deps.database });
  await app.register(authRoutes, { prefix: '/api/v1/auth', service: authService, config, authenticate });
  const twoFactorService = new TwoFactorService(db, clock, mailer, config, authService);
  await app.register(twoFactorRoutes, { prefix: '/api/v1/auth', service: twoFactorService, config, authenticate });
  const passkeysService = new PasskeysService(
    db,
    clock,
    mailer,
    authService,
    relyingParty(config.appUrl),
    config.supportEmail,
  );
  await app.register(passkeyRoutes, { prefix: '/api/v1/auth', service: passkeysService, config, authenticate });
  await app.register(reauthRoutes, {
    prefix: '/api/v1/auth',
    service: new ReauthService(db, clock, authService, twoFactorService, passkeysService),
    config,
    authenticate,
  });
  await app.register(catalogueRoutes, { prefix: '/api/v1', service: new CatalogueService(db) });
  await app.register(appConfigRoutes, { prefix: '/api/v1', config });
  await app.register(onboardingRoutes, {
    prefix: '/api/v1/onboarding',
    service: new OnboardingService(db, clock),
    authenticate,
  });
  await app.register(notificationRoutes, {
    prefix: '/api/v1/notifications',
    service: new NotificationService(db, clock),
    authenticate,
  });
  await app.register(reminderPreferenceRoutes, {
    prefix: '/api/v1/email-reminder-preferences',
    service: new ReminderPreferencesService(db, clock),
    authenticate,
  });
  await app.register(userDebtRoutes, { prefix: '/api/v1/user-debts', db, clock, authenticate });
  await app.register(loanPlanRoutes, {
    prefix: '/api/v1/loan-plan',
    service: new LoanPlanService(db, clock),
    authenticate,
  });
  await app.register(emergencyFundRoutes, {
    prefix: '/api/v1/user-emergency-fund',
    service: new EmergencyFundService(db, clock, mailer, isNestFundEntry),
    authenticate,
  });
  await app.register(budgetRoutes, {
    prefix: '/api/v1/user-budgets',
    service: new BudgetsService(db, clock),
    authenticate,
  });
  await app.register(connectRoutes, {
    prefix: '/api/v1/user-connect',
    service: new ConnectService(db, clock, mailer, config.supportEmail),
    authenticate,
  });
  await app.register(lifestyleGoalRoutes, {
    prefix: '/api/v1/user-lifestyle-saving',
    service: new LifestyleGoalsService(db, clock, mailer, isNestGoalEntry),
    authenticate,
  });
  await app.register(investmentRoutes, {
    prefix: '/api/v1/user-investment',
    service: new InvestmentsService(db, clock),
    authenticate,
  });
  await app.register(nestRoutes, {
    prefix: '/api/v1/nest',
    service: new NestService(db, clock, mailer),
    authenticate,
  });
  await app.register(accountsRoutes, {
    prefix: '/api/v1/accounts',
    service: new AccountsService(db, clock),
    authenticate,
  });
  await app.register(walletRoutes, {
    prefix: '/api/v1/wallet',
    service: new WalletService(db, clock, walletLimits),
    authenticate,
  });
  await app.register(walletImportRoutes, {
    prefix: '/api/v1/wallet/imports',
    service: new WalletImportService(db, clock, walletLimits),
    authenticate,
  });
  await app.register(homeRoutes, {
    prefix: '/api/v1/home',
    service: new HomeService(db, clock, mailer),
    authenticate,
  });
  await app.register(toolsRoutes, {
    prefix: '/api/v1/tools',
    service: new ToolsService(db, clock),
    authenticate,
  });
  // On disk under DATA_DIR, or the S3-compatible bucket when VAULT_S3_BUCKET is set.
  const vaultFiles = vaultStorage(config);
  const vaultService = new VaultService({ db, clock, storage: vaultFiles, vaultKey: config.vaultKey, log: app.log });
  await app.register(vaultRoutes, { prefix: '/api/v1/vault', service: vaultService, authenticate });
  await app.register(feedbackRoutes, { prefix: '/api/v1', service: new FeedbackService(db, clock), config, identify });
  await app.register(accountRoutes, {
    prefix: '/api/v1/account',
    service: new AccountService({
      db,
      clock,
      mailer,
      sessionCache,
      supportEmail: config.supportEmail,
      secondFactor: twoFactorService,
      fileStores: [new VaultFileStore({ db, service: vaultService, storage: vaultFiles })],
    }),
    config,
    authenticate,
  });
  if (config.env !== 'production') {
    await app.register(devOutboxRoutes, { prefix: '/api/dev', service: new DevOutboxService(db) });
  }
  await registerWebApp(app, config.webDist);

  if (deps.scheduler) {
    let scheduler: Scheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = await startScheduler(
        deps.database,
        {
          loanReminders: () => runLoanPaymentReminders({ db, clock, mailer }),
          housekeeping: () => runHousekeeping({ db, clock }),
          loanDueDates: () => runLoanDueDates({ db, clock }),
        },
        app.log,
      );
      await scheduler.runNow();
    });
    app.addHook('onClose', async () => scheduler?.stop());
  }

  if (mailDispatcher) {
    const interval = deps.mailRetryIntervalMs ?? 15_000;
    app.addHook('onReady', async () => {
      if (interval > 0) mailDispatcher.start(interval);
    });
    app.addHook('onClose', async () => mailDispatcher.stop());
  }
  return { app, mailDispatcher };
}
