import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { Config } from './config';
import type { Database } from './db/database';
import { ApiRefusal, ErrCode } from './errors';
import { createTranslator, loadBundledMessages } from './i18n';
import { isLanguage, type Language } from '../core/i18n/languages';
import { createChangeCache } from './db/change-cache';
import { bindOperations, type CachedAnswer, type Handlers } from './openapi/bind';
import { loadContract } from './openapi/contract';
import { refusalDeclaration } from './openapi/refusals';
import { createOffsetClock, systemClock, type Clock } from './clock';
import { accountHandlers, devSsoLink } from './routes/account';
import { deviceHandlers } from './routes/devices';
import { disputeHandlers } from './routes/disputes';
import { pixAutomaticoHandlers, registerPixAutomatico } from './routes/pix-automatico';
import { personalDataHandlers } from './routes/personal-data';
import { cancellationHandlers } from './routes/cancellation';
import { withdrawalHandlers } from './routes/withdrawals';
import { planChangeHandlers } from './routes/plan-change';
import { authHandlers } from './routes/auth';
import { couponAndCloudHandlers, registerDevCloud } from './routes/coupons-and-cloud';
import { cardSdkHandlers } from './routes/card-sdk';
import { orderHandlers } from './routes/orders';
import { passwordResetLinkHandlers } from './routes/password-reset-link';
import { paymentMethodHandlers } from './routes/payment-methods';
import { paymentTipHandlers } from './routes/payment-tips';
import { receiptMailHandlers } from './routes/receipt-mail';
import { paymentHandlers } from './routes/payments';
import { savedCardHandlers } from './routes/saved-cards';
import { planHandlers } from './routes/plans';
import { pricingHandlers } from './routes/pricing';
import { registerDevMailbox } from './routes/dev-mailbox';
import { registerSandboxBank } from './routes/sandbox-bank';
import { registerSandboxRefunds } from './routes/sandbox-refunds';
import { registerSandboxClock, storedClockOffset } from './routes/sandbox-clock';
import { registerSandboxAccounts } from './routes/sandbox-accounts';
import { registerSandboxCardDispute } from './routes/sandbox-card-dispute';
import { registerWebhookReceiver } from './payments/webhooks';
import { registerPaymentJobs } from './billing/payment-jobs';
import { renewalHandlers } from './routes/renewal';
import { registerRenewalJob } from './billing/renewal';
import { signupHandlers } from './routes/signup';
import { registerOutboxDelivery } from './mail/delivery';
import { cachedReads, catalogueTables } from './routes/cached-reads';
import { siteHandlers } from './routes/site';
import { inProcessFetch } from './routes/in-process-fetch';
import { loadSpaHtml } from './routes/spa-html';
import { registerUploads, uploadHandlers } from './routes/uploads';
import { appPolicy, registerSecurityHeaders } from './security/headers';
import { createPasswordHasher, HashQueueFullError, type PasswordHasher } from './security/passwords';
import { createServerServices, type ServerServices } from './services';
import { serverLogger } from './logging';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  hasher?: PasswordHasher;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    services: ServerServices;
  }
}

/** Builds the whole server without listening, so tests can `inject` into the real thing. */
export async function buildApp({ config, db, clock: given, hasher = createPasswordHasher(), logger }: AppOptions): Promise<FastifyInstance> {
  // A server started with TEST_CLOCK=on keeps the time the sandbox moved it to (docs/decisions/069).
  const testClock = !given && config.testClock ? createOffsetClock(await storedClockOffset(db)) : undefined;
  const clock: Clock = given ?? testClock ?? systemClock;
  const app = Fastify({
    logger: logger ?? serverLogger(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keeps every 4xx/5xx in the envelope, including the ones Fastify raises itself.
    return503OnClosing: true,
    // A path Fastify's router cannot decode (`/api/bill/order/v1/%`) is refused before any route,
    // hook or error handler runs: without this it answers outside the envelope (found by fuzzing).
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error.message }, 'malformed request');
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      secureAnswer(request, reply as FastifyReply);
      return (reply as FastifyReply).status(status).send(envelope(ErrCode.invalidRequest, langOf(request.headers.language)));
    },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  // Before every route, so API answers, files, 404s and the app's HTML all carry them (docs/decisions/031).
  const secureAnswer = registerSecurityHeaders(app, config);

  const bundled = loadBundledMessages();
  const errorText = createTranslator(bundled);
  const langOf = (value: unknown): Language => (isLanguage(value) ? value : 'en');
  const envelope = (errCode: number, lang: Language) => ({ code: 1, errCode, msg: errorText(errCode, lang) });
  const contract = loadContract();
  // On outside production unless CONTRACT_REFUSALS=off (server/config.ts).
  const declares = (config.strictRefusals ?? config.env !== 'production') ? refusalDeclaration(contract) : undefined;

  app.setErrorHandler((error, request, reply) => {
    const lang = langOf(request.headers.language);
    if (error instanceof ApiRefusal) {
      // A code the contract does not declare for the route's operation is the server's fault, not
      // the caller's (docs/decisions/072): said loudly where it is found, answered as one.
      if (declares && !declares(request.method, request.routeOptions.url, error.errCode)) {
        const where = `${request.method} ${request.routeOptions.url}`;
        request.log.error(
          { errCode: error.errCode, method: request.method, path: request.routeOptions.url },
          `refusal ${error.errCode} not declared by the contract for ${where}`,
        );
        return reply.status(500).send(envelope(ErrCode.systemInternal, lang));
      }
      if (error.detail) request.log.info({ errCode: error.errCode, detail: error.detail }, 'request refused');
      return reply.status(error.httpStatus).send(envelope(error.errCode, lang));
    }
    if (error instanceof HashQueueFullError) {
      request.log.warn('password hashing queue full');
      return reply.status(503).send(envelope(ErrCode.serviceBusy, lang));
    }
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own 4xx (broken JSON, unsupported media type, body too large) are bad input.
    if (status !== undefined && status >= 400 && status < 500) {
      request.log.info({ err: (error as Error).message }, 'malformed request');
      return reply.status(status).send(envelope(ErrCode.invalidRequest, lang));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(envelope(ErrCode.systemInternal, lang));
  });

  // Outside /api, so the contract stays the spec's: liveness for process managers, readiness
  // (the database answers) for load balancers in front of several processes.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok', database: db.kind };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply.status(503).send({ status: 'unavailable', database: db.kind });
    }
  });

  const services = await createServerServices({ config, db, clock, hasher, bundled, errorText });
  app.decorate('services', services);
  const handlers: Handlers = {
    ...siteHandlers(services.site, { env: services.payments.environment, flowAtlas: config.flowsPage }),
    ...planHandlers(services),
    ...signupHandlers(services),
    ...accountHandlers(services),
    ...authHandlers(services),
    ...passwordResetLinkHandlers(services),
    ...pricingHandlers(services),
    ...orderHandlers(services),
    ...paymentHandlers(services),
    ...paymentMethodHandlers(services),
    ...paymentTipHandlers(services),
    ...receiptMailHandlers(services),
    ...savedCardHandlers(services),
    ...cardSdkHandlers(services),
    ...renewalHandlers(services),
    ...uploadHandlers(services),
    ...couponAndCloudHandlers(services),
    ...deviceHandlers(services),
    ...disputeHandlers(services),
    ...pixAutomaticoHandlers(services),
    ...personalDataHandlers(services),
    ...cancellationHandlers(services),
    ...withdrawalHandlers(services),
    ...planChangeHandlers(services),
  };
  await registerUploads(app);
  const answers = createChangeCache<CachedAnswer>(db.changes, catalogueTables);
  bindOperations(app, contract, handlers, { reads: cachedReads, answers });
  // Outbox: SMTP delivery when SMTP_URL is set; the developer mailbox outside production (docs/decisions/005).
  registerOutboxDelivery(app, services);
  registerDevMailbox(app, services);
  // Test-only: sample cloud recordings for browser tests (docs/decisions/023).
  registerDevCloud(app, services);
  // Auto-renewal passes on an interval (RENEWAL_INTERVAL_MS; off in tests), stopped on close (docs/decisions/010).
  registerRenewalJob(app, services);
  // Developer-only: a signed token-log-in link, as the TV app would open it (docs/decisions/007).
  if (config.env !== 'production') app.get('/dev/sso-link', devSsoLink(services));
  // Pending orders past their payment window are cancelled and unanswered charges reconciled;
  // with the sandbox providers on, the sandbox bank, chain and hosted pages pay them and their
  // signed webhooks settle them (README, docs/decisions/011 and 035).
  registerPaymentJobs(app, services);
  // Every provider's webhooks (docs/payments.md); 404 for a provider that is not configured.
  registerWebhookReceiver(app, services);
  if (services.payments.sandbox) registerSandboxBank(app, services, services.payments.sandbox);
  // The card holder's bank disputing a charge: development and tests only, with the sandbox card
  // network on (docs/decisions/059).
  if (services.payments.sandbox && config.env !== 'production') registerSandboxCardDispute(app, services);
  // PIX Automático's sandbox PSP and its webhooks, with the sandbox providers only (docs/decisions/060).
  registerPixAutomatico(app, services);
  // The sandbox bank settles the refunds it was asked for; its refund outage switch is for
  // development and tests only, as the card dispute is (docs/decisions/058).
  if (services.payments.sandbox) registerSandboxRefunds(app, services, { outage: config.env !== 'production' });
  if (testClock) registerSandboxClock(app, services, testClock);
  // Developer and test servers only: removes a test's own account (e2e/fixtures.ts).
  registerSandboxAccounts(app, services);

  // The app's HTML names each route's own chunks and its first banner (docs/decisions/030) and
  // draws the first screens (033), reading the API as the app does, in-process; undefined without a build.
  const spa = loadSpaHtml(config.staticDir, { db, clock, api: inProcessFetch(app), policy: (styles) => appPolicy(config, styles) });
  if (spa) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      // `/` is the app itself, answered below with its HTML and hints like every other route.
      index: false,
      // The build writes .br and .gz beside each file (scripts/vite-precompress.ts): sent to
      // browsers that accept them, with no compression work per request.
      preCompressed: true,
      // The build's own records (the manifest, the route hints, the preview's renderer) are the
      // server's to read, not the web's.
      allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
      setHeaders(reply, filePath) {
        // Hashed bundles never change. The brand's pictures are kept an hour: revalidated at every
        // use, the logo that each layout draws was asked for again at each navigation, taking one
        // of the browser's six connections from the page's own reads (docs/decisions/064). The
        // rest (boot.js) is revalidated.
        const kept = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : filePath.includes(`${path.sep}brand${path.sep}`)
            ? 'public, max-age=3600'
            : 'no-cache';
        reply.header('Cache-Control', kept);
      },
    });
    // Source maps are the server's too in production unless SOURCE_MAPS=public: they stay in dist/
    // for error reports (docs/decisions/035). A plain 404, not the app's page for unknown addresses.
    if (!config.publicSourceMaps) {
      app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?', 1)[0]!.endsWith('.map')) return reply.status(404).type('text/plain').send('Not found');
      });
    }
    app.get('/', (request, reply) => spa.send(request, reply));
    // The flow atlas is off in production unless FLOWS_PAGE=on: its address is then a 404, as
    // the app shows it (docs/decisions/035).
    if (!config.flowsPage) app.get('/flows', (request, reply) => spa.send(request, reply.status(404)));
    // The static atlas beside the page, with its screenshots (ADR 039): only where the page is on
    // and the atlas was built; its data files stay the repository's.
    else if (existsSync(path.join(config.flowAtlasDir, 'index.html'))) {
      await app.register(fastifyStatic, {
        root: config.flowAtlasDir,
        prefix: '/flows/atlas/',
        decorateReply: false,
        allowedPath: (pathName) => /^\/(index\.html|screens\/[\w-]+\/[0-9a-f]+\.jpg)$/.test(pathName),
        setHeaders: (reply) => void reply.header('Cache-Control', 'no-cache'),
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const lang = langOf(request.headers.language);
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send(envelope(ErrCode.operationNotSupported, lang));
    }
    // History-mode routing: any other GET is a route of the web app, which decides 404 itself.
    if (spa && (request.method === 'GET' || request.method === 'HEAD')) return spa.send(request, reply);
    return reply.status(404).send(envelope(ErrCode.operationNotSupported, lang));
  });

  return app;
}
