import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyReply, FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { APP_VERSION } from '@bloomline/contract';

import type { Config } from './config';
import type { Database } from './db/client';
import { contentSecurityPolicy } from './lib/content-security';
import { addSecurityHeaders } from './lib/security-headers';
import { useTokenKey } from './lib/crypto';
import { createJobs, type Jobs } from './lib/jobs';
import { compiledSerializerCompiler } from './lib/serializer';
import { createMailQueue, type MailQueue } from './lib/mail-queue';
import { createMailer } from './lib/mailer';
import type { Mailer } from './lib/mailer';
import { createMetrics, requestIdOptions, useRequestIds, type Metrics } from './lib/observability';
import { withRequestSerializer } from './lib/request-log';
import { baseUrlOf } from './lib/urls';
import { pageFor, registerWebApp, routePages } from './lib/web-app';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { notifierOfDeductions } from './modules/claims/claims-notices';
import { claimsRoutes } from './modules/claims/claims.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { createPayoutsService } from './modules/payouts/payouts.service';
import { createRefundsService } from './modules/claims/refunds.service';
import { createReturnsService } from './modules/claims/returns.service';
import { createAuthService } from './modules/auth/auth.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { customersRoutes } from './modules/customers/customers.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { locationsRoutes, placesRoutes } from './modules/locations/locations.routes';
import { createLocationsService } from './modules/locations/locations.service';
import { coloursRoutes } from './modules/colours/colours.routes';
import { createColoursService } from './modules/colours/colours.service';
import { componentsRoutes } from './modules/components/components.routes';
import { createComponentsService } from './modules/components/components.service';
import { componentRatesRoutes } from './modules/component-rates/component-rates.routes';
import { createComponentRatesService } from './modules/component-rates/component-rates.service';
import { measureUnitsRoutes } from './modules/units/units.routes';
import { notificationsRoutes } from './modules/alerts/alerts.routes';
import { createNotificationsService } from './modules/alerts/alerts.service';
import { createOrderEvents } from './modules/alerts/order-events';
import { createMeasureUnitsService } from './modules/units/units.service';
import { offlineTimesRoutes } from './modules/out-of-office/out-of-office.routes';
import { createOfflineTimesService } from './modules/out-of-office/out-of-office.service';
import { bulkOrdersRoutes } from './modules/orders/bulk.routes';
import { orderEntryRoutes } from './modules/orders/order-entry.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrderListCaches } from './modules/orders/orders.list-speedups';
import { createOrdersService } from './modules/orders/orders.service';
import { partnersRoutes } from './modules/partners/partners.routes';
import { createPartnersService } from './modules/partners/partners.service';
import { imagesRoutes } from './modules/products/images.routes';
import { productsRoutes } from './modules/products/products.routes';
import { createProductsService } from './modules/products/products.service';
import { createRecipesService } from './modules/products/recipes.service';
import { variantsRoutes } from './modules/products/variants.routes';
import { profitCentresRoutes } from './modules/profit-centres/profit-centres.routes';
import { createReportingService } from './modules/reporting/reporting.service';
import { reportingRoutes } from './modules/reporting/reporting.routes';
import { createProfitCentresService } from './modules/profit-centres/profit-centres.service';
import { searchRoutes } from './modules/search/search.routes';
import { createSearchService } from './modules/search/search.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createStatementRun } from './modules/statements/statement-run.service';
import { statementsRoutes } from './modules/statements/statements.routes';
import { createStatementsService } from './modules/statements/statements.service';
import { createSettingsService } from './modules/settings/settings.service';
import { mailsRoutes } from './modules/mails/mails.routes';
import { createMailsService } from './modules/mails/mails.service';
import { monthEndSchedule } from './modules/statements/month-end-schedule';
import { systemRoutes } from './modules/system/system.routes';
import { createLifecycle, createSystemService, type Lifecycle } from './modules/system/system.service';
import { usersRoutes } from './modules/users/users.routes';
import { viewsRoutes } from './modules/views/views.routes';
import { createViewsService } from './modules/views/views.service';
import { createUsersService } from './modules/users/users.service';
import { xeroRoutes } from './modules/xero/xero.routes';
import { createXeroService } from './modules/xero/xero.service';
import { apiKeyAuthPlugin } from './plugins/api-key-auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { routeStatusesPlugin } from './plugins/route-statuses';
import { sessionPlugin } from './plugins/session';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Builds the application; main.ts and every test call this. */
export async function buildApp({ config, database, mailer, logger }: AppDeps) {
  const app = createServer(config, logger);
  useRequestIds(app);
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  useTokenKey(config.sessionSecret);
  const webDist = config.webDist ?? path.resolve(here, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));

  // External plugins first, then ours, then routes (fastify/demo's order).
  await registerHttpPlugins(app, config);
  const pages = hasWeb ? routePages(webDist) : new Set<string>();
  await app.register(errorHandlerPlugin, {
    fallback: hasWeb
      ? (request, reply) => reply.header('cache-control', 'no-cache').sendFile(pageFor(request.url, pages))
      : undefined,
  });
  await app.register(sessionPlugin, {
    db: database.db,
    cookieName: config.session.cookieName,
    lifetimeMinutes: config.session.lifetimeMinutes,
    secure: config.session.secure,
    secret: config.sessionSecret,
    listen: database.listen,
  });
  await app.register(apiKeyAuthPlugin, { db: database.db });
  const mail =
    mailer ??
    createMailer({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  const jobs = createJobs({
    database,
    log: app.log,
    pollSeconds: config.jobs.pollSeconds,
    schedule: config.jobs.schedule,
    supervise: config.jobs.schedule,
  });
  const mails = createMailQueue({ db: database.db, jobs, mailer: mail, log: app.log, ...config.mailRetry });
  app.decorate('jobs', jobs);
  app.decorate('mails', mails);
  const metrics = createMetrics({
    database,
    jobs: async () =>
      (await jobs.counts()).map((c) => ({ labels: { queue: c.queue, state: c.state }, n: c.n })),
  });
  app.decorate('metrics', metrics);
  // Hooks are named functions so that a profile (`--cpu-prof`) tells each one's cost (docs/decisions.md, issue 39).
  app.addHook('onResponse', async function observeMetrics(request, reply) {
    metrics.observe(request, reply);
  });
  // Jobs start before the areas' workers (onReady runs in order) and stop after them (onClose runs last hook
  // first, after the server has closed): the job in hand finishes within the grace, or is handed back.
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop(config.shutdown.graceMs));
  await registerAreas(app, { config, database, jobs, mails, metrics, lifecycle });
  if (hasWeb) await registerWebApp(app, webDist);
  return app;
}

/** Fastify with zod schemas and the JSON parser the API's clients expect. */
function createServer(config: Config, logger: AppDeps['logger']) {
  const app = Fastify({
    logger: withRequestSerializer(logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    ...requestIdOptions(config.trustProxy),
    // While stopping, a request on a connection already open is still answered (with `Connection: close`),
    // not refused with a 503: the balancer sends new ones elsewhere once the port is closed.
    return503OnClosing: false,
    bodyLimit: 2 * 1024 * 1024,
    // The router's own refusals (a malformed percent-encoding in the path, a path segment too long) answer
    // in the `{message}` shape of every other error.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = error.statusCode === 414;
      // Refused before the hooks run: the request id is set here too.
      void reply
        .code(tooLong ? 414 : 400)
        .header('x-request-id', request.id)
        .send({ message: tooLong ? 'URI Too Long' : 'Bad Request' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // In tests every answer is also written by zod and compared, so the suite holds the two to the byte.
  app.setSerializerCompiler(compiledSerializerCompiler({ check: config.env === 'test' }));
  // Like Laravel, an empty JSON body is an empty object: the workflow actions take no payload, and clients
  // that always send `Content-Type: application/json` must not get a 400 for that.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, {});
    else void parseJson(request, text, done);
  });
  return app;
}

type Server = ReturnType<typeof createServer>;

/** Cookies, form bodies, the security headers and the API document. */
async function registerHttpPlugins(app: Server, config: Config) {
  await app.register(cookie);
  await app.register(formbody);
  addSecurityHeaders(app, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    crossOriginEmbedderPolicy: false,
  });
  // Before swagger, so the document sees each route's completed list of error statuses.
  await app.register(routeStatusesPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.appName} back office API`, version: APP_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: config.session.cookieName },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          // The shop's door (POST /api/intake/orders): `Authorization: Bearer <key>`, a key from System → API keys.
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key made on System → API keys' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** Each area's service and routes, in the API document's order. */
async function registerAreas(
  app: Server,
  {
    config,
    database,
    jobs,
    mails,
    metrics,
    lifecycle,
  }: {
    config: Config;
    database: Database;
    jobs: Jobs;
    mails: MailQueue;
    metrics: Metrics;
    lifecycle: Lifecycle;
  },
) {
  const db = database.db;
  const { queueMail } = mails;
  const auth = createAuthService({ db, queueMail, appUrl: config.appUrl });

  await app.register(systemRoutes, {
    system: createSystemService({ database, config, lifecycle }),
    metrics,
    metricsToken: config.metrics.token,
  });
  await app.register(authRoutes, { auth });
  // New-order alerts (issue 25): pushes and the live stream, told by every change that gives a partner lines.
  const events = createOrderEvents({ database, log: app.log });
  const notifications = createNotificationsService({
    db,
    log: app.log,
    events,
    extraHosts: config.push.extraHosts,
    contact: config.push.contact,
  });
  app.addHook('onReady', async () => {
    await events
      .start()
      .catch((err: unknown) =>
        app.log.warn(
          { error: err instanceof Error ? err.message : 'unknown' },
          'new-order events stay in this process',
        ),
      );
  });
  app.addHook('onClose', async () => {
    await notifications.settled();
    await events.close();
  });
  // Subscribed before any open app's stream is (the events reach listeners in that order): see `newOrders`.
  const orders = createOrdersService({
    announce: notifications.announce,
    newOrders: events,
    db,
    queueMail,
    appUrl: config.appUrl,
    log: app.log,
    caches: createOrderListCaches({ totalsMs: config.countCacheMs }),
  });
  // Returns and refunds live below /api/orders/; the router prefers their fixed segments to the orders' `:id`.
  const notify = notifierOfDeductions({ queueMail, appUrl: config.appUrl, log: app.log });
  await app.register(claimsRoutes, {
    returns: createReturnsService({ db, notify }),
    refunds: createRefundsService({
      db,
      notify,
      baseUrl: (request) => baseUrlOf(request, config.configuredAppUrl, config.appUrl),
    }),
  });
  await app.register(orderEntryRoutes, { orders });
  await app.register(bulkOrdersRoutes, { orders });
  await app.register(ordersRoutes, { orders });
  await app.register(notificationsRoutes, { notifications, events, streams: metrics.streams });
  await app.register(viewsRoutes, { views: createViewsService({ db }) });
  await app.register(searchRoutes, { search: createSearchService({ db }) });
  await app.register(partnersRoutes, { partners: createPartnersService({ db }) });
  const products = createProductsService({
    db,
    baseUrl: (request) => baseUrlOf(request, config.configuredAppUrl, config.appUrl),
  });
  await app.register(variantsRoutes, { products });
  await app.register(productsRoutes, { products, recipes: createRecipesService({ db }) });
  await app.register(imagesRoutes, { products });
  const locations = createLocationsService({ db });
  await app.register(locationsRoutes, { locations });
  await app.register(placesRoutes, { locations });
  await app.register(measureUnitsRoutes, { measureUnits: createMeasureUnitsService({ db }) });
  await app.register(coloursRoutes, { colours: createColoursService({ db }) });
  await app.register(componentsRoutes, {
    components: createComponentsService({ db, imageDir: path.join(config.dataDir, 'component-images') }),
  });
  await app.register(profitCentresRoutes, { profitCentres: createProfitCentresService({ db }) });
  await app.register(componentRatesRoutes, { componentRates: createComponentRatesService({ db }) });
  await app.register(settingsRoutes, { settings: createSettingsService({ db }) });
  await app.register(usersRoutes, {
    users: createUsersService({ db, queueMail, appUrl: config.appUrl }),
  });
  await app.register(offlineTimesRoutes, { offlineTimes: createOfflineTimesService({ db }) });
  await app.register(auditRoutes, { audit: createAuditService({ db, totalsMs: config.countCacheMs }) });
  const xero = createXeroService({ db, xero: config.xero, secret: config.sessionSecret, log: app.log });
  await app.register(xeroRoutes, { xero });
  await app.register(apiKeysRoutes, { apiKeys: createApiKeysService({ db }) });
  await app.register(customersRoutes, { customers: createCustomersService({ db }) });
  await app.register(companiesRoutes, { companies: createCompaniesService({ db, contacts: xero }) });
  // The month-end run's worker polls the jobs table while the app is up and finishes its job on close.
  const run = createStatementRun({
    db,
    mails,
    appUrl: config.appUrl,
    log: app.log,
    pollMs: config.statementRunPollMs,
    listen: database.listen,
  });
  app.addHook('onReady', async () => run.startWorker());
  app.addHook('onClose', async () => run.stopWorker());
  await app.register(statementsRoutes, { statements: createStatementsService({ db }), run });
  // The month-end run starts by itself on the 1st at 06:00 in Johannesburg, once across the fleet.
  monthEndSchedule({ jobs, run, cron: config.jobs.monthEndCron, log: app.log });
  await app.register(mailsRoutes, { mails: createMailsService({ db, mails }) });
  await app.register(reportingRoutes, { reporting: createReportingService({ database }) });
  await app.register(payoutsRoutes, { payouts: createPayoutsService({ db, queueMail, log: app.log }) });
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance is stopping (main.ts starts the drain on SIGTERM). */
    lifecycle: Lifecycle;
    /** The job queues (tests wait for them; main.ts stops them last). */
    jobs: Jobs;
    /** The e-mail queue: `queueMail` is how any module sends an e-mail. */
    mails: MailQueue;
    /** What /metrics says (main.ts serves it on METRICS_PORT too). */
    metrics: Metrics;
  }
}
