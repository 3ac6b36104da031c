/**
 * Builds the Fastify instance: plugins, error handler, features and, when built, the web app.
 * Listening and shutdown live in index.ts so tests can build a fresh app and use inject.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createHmac } from 'node:crypto';
import type { Config } from './config';
import { isLoopbackAddress } from './loopback';
import type { Database } from './db/client';
import { errorBodySchema } from './errors';
import { authRoutes } from './features/auth/routes';
import { captchaRoutes } from './features/captcha/routes';
import { clientErrorsRoutes } from './features/clientErrors/routes';
import { deliveryBookingRoutes } from './features/deliveries/bookingRoutes';
import { deliveryJobRoutes } from './features/deliveries/jobRoutes';
import { deliveryLiveRoutes } from './features/deliveries/liveRoutes';
import { deliverySenderRoutes } from './features/deliveries/senderRoutes';
import { trackingPageRoutes } from './features/deliveries/trackingPageRoutes';
import { savedAddressRoutes } from './features/deliveries/savedAddressRoutes';
import { deliveryQuoteRoutes } from './features/deliveries/quoteRoutes';
import { companiesRoutes } from './features/companies/routes';
import { enquiriesRoutes } from './features/enquiries/routes';
import { hiringRoutes } from './features/hiring/routes';
import { startHiringSweeper } from './features/hiring/sweeper';
import { deliveryRiderRoutes } from './features/deliveries/riderDispatchRoutes';
import { startOfferSweeper } from './features/deliveries/offerSweeper';
import { startDeliverySweeper } from './features/deliveries/sweeper';
import { locationsRoutes } from './features/locations/routes';
import { newsletterRoutes } from './features/newsletter/routes';
import { opsRoutes } from './features/ops/routes';
import { profileRoutes } from './features/profile/routes';
import { reviewsRoutes } from './features/reviews/routes';
import { startReviewSweeper } from './features/reviews/sweeper';
import { ridersRoutes } from './features/riders/routes';
import { searchRoutes } from './features/search/routes';
import { devMailRoutes } from './features/site/devMail';
import { siteRoutes } from './features/site/routes';
import { signupRoutes } from './features/signup/routes';
import { waitlistRoutes } from './features/waitlist/routes';
import { loggerOptions, type LogStream } from './logger';
import { installAccess } from './plugins/access';
import { apiKeyCredentialCheck } from './domain/apiKeys';
import { installAuth } from './plugins/auth';
import { clientErrorHandler, installErrorHandler } from './plugins/errorHandler';
import { installFiles } from './plugins/files';
import { installUnstorableTextGuard } from './plugins/hostileInput';
import { installLifecycle } from './plugins/lifecycle';
import { installReadiness } from './plugins/readiness';
import { installSessionCache } from './plugins/sessionCache';
import { createLimitStore } from './lib/limits';
import { installSecurityHeaders } from './plugins/security';
import { installStaffAuth } from './plugins/staffAuth';
import { createMailer } from './plugins/mail';
import { openApiOptions } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { messages } from '../shared/messages';
import './types';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Overrides config.logLevel (tests pass 'silent'). */
  logLevel?: Config['logLevel'];
  /** Where log lines go instead of stdout (tests capture them to check nothing secret is logged). */
  logStream?: LogStream;
  /** Background workers (the outbox); tests switch them off and call app.mailer.deliverDue(). */
  startWorkers?: boolean;
}

/**
 * Fastify's trustProxy from TRUST_PROXY. None by default: request.ip is the socket's
 * address and X-Forwarded-For is ignored. A list of addresses/CIDRs goes to Fastify as is (the
 * right-most address that is not one of them is the client). Fastify 5 refuses a bare hop count
 * (it trusts no one for a number) because it cannot tell a proxy from a client that reached the
 * server directly; so a hop count N trusts the socket only when it is loopback (a proxy on this
 * machine), then N - 1 hops further: the address the last of them appended is the client.
 */
export function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (address, hop) => (hop === 0 ? isLoopbackAddress(address) : hop < trust);
}

export async function buildApp({ config, database, logLevel, logStream, startWorkers = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(logLevel ?? config.logLevel, logStream),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // What Node's HTTP parser refuses (a broken header, headers too large) answers in the error shape too.
    clientErrorHandler,
    // /about-us/ is the same page as /about-us, as visitors and search engines expect.
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, plugins/lifecycle.ts answers 503 in the API's error shape instead.
    return503OnClosing: false,
    // Drop unknown properties instead of failing, and never coerce types of a JSON body.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, allErrors: false } },
    // The router's own refusals (a malformed %-escape, a path parameter over 100 characters) answer
    // in the API's error shape too, never Fastify's default body.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      // This reply belongs to no route, so it has no response schema to type its status against.
      void (reply as unknown as FastifyReply).code(status).send({ error: { field: 'alert', message: messages.invalidRequest } });
    },
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', createMailer(app, { startWorker: startWorkers }));
  // Publishes reviews whose 14-day window closed; reads do not wait for it.
  if (startWorkers) startReviewSweeper(app);

  // Rate-limit counters: in this process, or shared through Redis when REDIS_URL is set.
  app.decorate('limits', createLimitStore(config, app.log));
  app.addHook('onClose', () => app.limits.close());
  installAuth(app);
  installSessionCache(app, { enabled: config.sessionCache, redis: app.limits.redis });
  installStaffAuth(app);

  // Readiness first: the error handler records the failed writes that decide /readyz.
  installReadiness(app);
  installErrorHandler(app);
  installLifecycle(app);
  installUnstorableTextGuard(app);
  // Every route's declared callers (after the lifecycle's onRequest: a closing server answers 503 first).
  installAccess(app);
  // A business's API key (x-api-key), for every route that admits one.
  app.credentialChecks.apiKey = apiKeyCredentialCheck(() => app.database.db);
  installSecurityHeaders(app, config);
  app.addSchema(errorBodySchema);

  await app.register(fastifyCookie, {
    secret: createHmac('sha256', config.jwtSecret).update('cookie-signing').digest('base64url'),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(app.limits.redis ? { redis: app.limits.redis, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(messages.tooManyRequests(Math.ceil(context.ttl / 1000))), { statusCode: 429 }),
  });
  // The API document: each operation's security, refusals and operationId come from its route's
  // access declaration (plugins/openapi.ts).
  await app.register(fastifySwagger, openApiOptions(config));

  // Multipart uploads and GET /api/files/:id (plugins/files.ts).
  await installFiles(app);
  await app.register(siteRoutes);
  if (app.mailer.mode === 'dev-mailbox') await app.register(devMailRoutes);
  await app.register(captchaRoutes);
  await app.register(clientErrorsRoutes);
  await app.register(authRoutes);
  await app.register(newsletterRoutes);
  await app.register(enquiriesRoutes);
  await app.register(waitlistRoutes);
  await app.register(locationsRoutes);
  await app.register(signupRoutes);
  await app.register(profileRoutes);
  await app.register(ridersRoutes);
  await app.register(searchRoutes);
  await app.register(reviewsRoutes);
  await app.register(companiesRoutes);
  await app.register(opsRoutes);
  await app.register(hiringRoutes);
  await app.register(deliveryQuoteRoutes);
  await app.register(deliveryBookingRoutes);
  await app.register(deliveryRiderRoutes);
  await app.register(deliveryJobRoutes);
  await app.register(deliverySenderRoutes);
  await app.register(trackingPageRoutes);
  await app.register(savedAddressRoutes);
  await app.register(deliveryLiveRoutes);
  // The 7-day expiry of hire requests, kept by the server (tests call expireDueRequests themselves).
  if (startWorkers) startHiringSweeper(app);
  if (startWorkers) startOfferSweeper(app);
  // Quotes never booked and day-old Idempotency-Keys (tests call sweepDeliveryLeftovers themselves).
  if (startWorkers) startDeliverySweeper(app);

  if (config.webRoot) await registerWeb(app, config.webRoot);
  else
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send({ error: { field: 'alert', message: messages.notFound } }),
    );

  return app;
}
