import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { APP_VERSION } from '@bloomline/contract';

import type { Config } from './config';
import type { Database } from './db/client';
import { useTokenKey } from './lib/crypto';
import { createMailer } from './lib/mailer';
import type { Mailer } from './lib/mailer';
import { baseUrlOf } from './lib/urls';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { notifierOfDeductions } from './modules/claims/claims-notices';
import { claimsRoutes } from './modules/claims/claims.routes';
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
import { measureUnitsRoutes } from './modules/measure-units/measure-units.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOrderEvents } from './modules/notifications/order-events';
import { createMeasureUnitsService } from './modules/measure-units/measure-units.service';
import { offlineTimesRoutes } from './modules/offline-times/offline-times.routes';
import { createOfflineTimesService } from './modules/offline-times/offline-times.service';
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
import { systemRoutes } from './modules/system/system.routes';
import { createSystemService } from './modules/system/system.service';
import { usersRoutes } from './modules/users/users.routes';
import { viewsRoutes } from './modules/views/views.routes';
import { createViewsService } from './modules/views/views.service';
import { createUsersService } from './modules/users/users.service';
import { xeroRoutes } from './modules/xero/xero.routes';
import { createXeroService } from './modules/xero/xero.service';
import { apiKeyAuthPlugin, KEY_PATH_PREFIX } from './plugins/api-key-auth';
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

/** Origins the map tiles come from, for the CSP: `{s}` subdomains become a wildcard. */
function tileOrigin(url: string): string | null {
  try {
    const u = new URL(url.replace('{s}.', 'a.').replace(/\{[a-z]+\}/g, '0'));
    return url.includes('{s}.') ? `${u.protocol}//*.${u.host.split('.').slice(1).join('.')}` : u.origin;
  } catch {
    return null;
  }
}

type LoggedRequest = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip'> & {
  socket?: { remotePort?: number };
};

/** What a request log line says of the request (Fastify's own fields); the /xero/ paths without their query. */
const requestForLog = (request: LoggedRequest) => ({
  method: request.method,
  // The accounting callback's query carries an authorisation code and a state, and a shop might put its API
  // key in the intake's query (where it is never read): neither is logged.
  url:
    request.url.startsWith('/xero/') || request.url.startsWith(KEY_PATH_PREFIX)
      ? request.url.split('?')[0]
      : request.url,
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Logger options with our request serializer (a ready-made logger instance is used as it is). */
function withRequestSerializer(logger: NonNullable<AppDeps['logger']>): AppDeps['logger'] {
  if (typeof logger !== 'object' || 'child' in logger) return logger;
  return { ...logger, serializers: { req: requestForLog, ...logger.serializers } };
}

/** The origin (scheme, host, port) of an address, or null when it is none. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Builds the application; main.ts and every test call this. */
export async function buildApp({ config, database, mailer, logger }: AppDeps) {
  const app = createServer(config, logger);
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
  await registerAreas(app, { config, database, mail });
  if (hasWeb) await registerWebApp(app, webDist);
  return app;
}

/** Fastify with zod schemas and the JSON parser the API's clients expect. */
function createServer(config: Config, logger: AppDeps['logger']) {
  const app = Fastify({
    logger: withRequestSerializer(logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // The router's own refusals (a malformed percent-encoding in the path, a path segment too long) answer
    // in the `{message}` shape of every other error.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.statusCode === 414;
      void reply.code(tooLong ? 414 : 400).send({ message: tooLong ? 'URI Too Long' : 'Bad Request' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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
  await app.register(helmet, {
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

function contentSecurityPolicy(config: Config): FastifyHelmetOptions['contentSecurityPolicy'] {
  const tiles = tileOrigin(config.mapTileUrl);
  const appOrigin = config.configuredAppUrl ? originOf(config.configuredAppUrl) : null;
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // APP_URL's own address too: the API's picture URLs use it when set, whatever address the page has.
      imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : []), ...(appOrigin ? [appOrigin] : [])],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  };
}

/** Each area's service and routes, in the API document's order. */
async function registerAreas(
  app: Server,
  { config, database, mail }: { config: Config; database: Database; mail: Mailer },
) {
  const db = database.db;
  const auth = createAuthService({ db, mailer: mail, appUrl: config.appUrl, log: app.log });

  await app.register(systemRoutes, { system: createSystemService({ database, config }) });
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
  const orders = createOrdersService({
    announce: notifications.announce,
    db,
    mailer: mail,
    appUrl: config.appUrl,
    log: app.log,
    caches: createOrderListCaches({ totalsMs: config.countCacheMs }),
  });
  // Returns and refunds live below /api/orders/; the router prefers their fixed segments to the orders' `:id`.
  const notify = notifierOfDeductions({ db, mailer: mail, appUrl: config.appUrl, log: app.log });
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
  await app.register(notificationsRoutes, { notifications, events });
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
    users: createUsersService({ db, mailer: mail, appUrl: config.appUrl, log: app.log }),
  });
  await app.register(offlineTimesRoutes, { offlineTimes: createOfflineTimesService({ db }) });
  await app.register(auditRoutes, { audit: createAuditService({ db, totalsMs: config.countCacheMs }) });
  const xero = createXeroService({ db, xero: config.xero, secret: config.sessionSecret, log: app.log });
  await app.register(xeroRoutes, { xero });
  await app.register(apiKeysRoutes, { apiKeys: createApiKeysService({ db }) });
  await app.register(customersRoutes, { customers: createCustomersService({ db }) });
  await app.register(companiesRoutes, { companies: createCompaniesService({ db, contacts: xero }) });
  // The month-end run's worker polls the jobs table while the app is up and finishes its job on close.
  const run = createStatementRun({ db, mailer: mail, log: app.log, pollMs: config.statementRunPollMs });
  app.addHook('onReady', async () => run.startWorker());
  app.addHook('onClose', async () => run.stopWorker());
  await app.register(statementsRoutes, { statements: createStatementsService({ db }), run });
  await app.register(reportingRoutes, { reporting: createReportingService({ database }) });
}

/**
 * The copies of index.html the web build writes for a screen (`dashboard.html`), which preload that screen's
 * code (apps/web/vite.config.ts `ROUTE_PAGES`).
 */
function routePages(webDist: string): Set<string> {
  return new Set(readdirSync(webDist).filter((file) => file.endsWith('.html') && file !== 'index.html'));
}

/** The page a screen's address opens: its own copy of index.html where the build wrote one. */
function pageFor(url: string, pages: Set<string>): string {
  const page = `${(url.split('?')[0] ?? '').slice(1)}.html`;
  return pages.has(page) ? page : 'index.html';
}

/** The built single-page app's files; index.html itself is the error handler's history fallback. */
async function registerWebApp(app: Server, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each text file: sent as they are, never compressed per request.
    preCompressed: true,
    // Hashed assets never change under their name; everything else (index.html) is revalidated every time.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
