import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Database } from '@helo/db/client';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiModule, ScheduledJob, Services, SharedDeps } from './api-module.ts';
import type { AppConfig } from './config.ts';
import { housekeepingJob } from './jobs/housekeeping.ts';
import { type Scheduler, startScheduler } from './jobs/scheduler.ts';
import { BackgroundWork } from './lib/background-work.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { requestLogSerializer } from './lib/log-serializers.ts';
import { MailDispatcher, type MailTransport } from './mail/dispatcher.ts';
import { Mailer } from './mail/mailer.ts';
import { smtpTransport } from './mail/smtp-transport.ts';
import { MODULES, USER_TABLES } from './modules/registry.ts';
import { allowedHostsPlugin } from './plugins/allowed-hosts.ts';
import { cacheControlPlugin } from './plugins/cache-control.ts';
import { errorsPlugin, routerErrorReply } from './plugins/errors.ts';
import { jsonCharsetPlugin } from './plugins/json-charset.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { rateLimitRedis, redisWithLocalFallback, untilConnected } from './plugins/rate-limit-store.ts';
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

  // The modules (modules/registry.ts): their services, built once, in order; their app-wide plugins
  // (sudo mode's hook); their routes; then the web app's files.
  const shared: SharedDeps = {
    database: deps.database,
    db,
    clock,
    mailer,
    config,
    log: app.log,
    userTables: USER_TABLES,
  };
  const services = buildServices(MODULES, shared);
  for (const m of MODULES)
    for (const p of m.plugins?.(shared, services.for(m.name)) ?? []) await app.register(p.plugin, p.options);
  for (const m of MODULES)
    for (const r of m.routes?.(shared, services.for(m.name)) ?? []) await app.register(r.plugin, r.options);
  await registerWebApp(app, config.webDist);

  if (deps.scheduler) {
    const jobs: ScheduledJob[] = [
      ...MODULES.flatMap((m) => m.jobs?.(shared, services.for(m.name)) ?? []),
      housekeepingJob({ db, clock }),
    ];
    let scheduler: Scheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = await startScheduler(deps.database, jobs, app.log);
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

/**
 * Builds every module's services once, in registry order: each factory gets the services of the
 * modules before it. What a module takes from the bag must be there already: a name no module
 * before it provides fails at start-up, naming both, rather than as an undefined later.
 */
// biome-ignore lint/suspicious/noExplicitAny: as the registry's list, each module types its own needs
export function buildServices(modules: readonly ApiModule<any, any>[], shared: SharedDeps) {
  const built: Services = {};
  const bagFor = (name: string) =>
    new Proxy(built, {
      get(target, key) {
        if (typeof key === 'string' && !(key in target))
          throw new Error(
            `module ${name} needs the service "${key}", which no module before it in modules/registry.ts provides`,
          );
        return Reflect.get(target, key);
      },
    });
  for (const m of modules) {
    const provided = m.services?.(shared, bagFor(m.name)) ?? {};
    for (const key of Object.keys(provided)) {
      if (key in built) throw new Error(`two modules provide the service "${key}" (the second is ${m.name})`);
    }
    Object.assign(built, provided);
  }
  return { for: bagFor };
}
