import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { createAjv } from '../schemas/ajv';
import { toFieldErrors } from '../schemas/fieldErrors';
import { message } from '../schemas/messages';
import { databaseRateLimitStore } from './auth/rateLimitStore';
import { configFromEnv, type ServerConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/database';
import { ApiError } from './errors';
import { loadServerTexts } from './serverTexts';
import { contentStoreFor } from './files/contentStoreFor';
import { createFileParser, type FileParserOptions } from './files/fileParser';
import { RELEASED_OBJECTS_SWEEP_JOB, releasedObjectsSweepJob } from './files/releasedObjects';
import { UploadRefused } from './files/fileStore';
import { uploadRefusal } from './files/readMultipartUpload';
import { refuseUnsafeStrings } from './http/refuseUnsafeStrings';
import { logOptions, type LogSettings } from './http/logOptions';
import { securityHeaders } from './http/securityHeaders';
import { storedRequirements } from './documents/requirementVersions';
import { providersFor } from './providers/providersFor';
import type { Providers } from './providers/types';
import { authRoutes } from './routes/auth';
import { businessDetailsRoutes } from './routes/businessDetails';
import { bankDetailsRoutes } from './routes/bankDetails';
import { accountRoutes } from './routes/accounts';
import { addressRoutes } from './routes/addresses';
import { masterDataRoutes } from './routes/masterData';
import { ifscDetailsRoutes } from './routes/ifscDetails';
import { merchantRoutes } from './routes/merchants';
import { sandboxRoutes } from './routes/sandbox';
import { analyticsRoutes } from './routes/analytics';
import { healthRoutes } from './routes/health';
import { CABLE_SOCKET_OPTIONS, liveChannel, type LiveChannel } from './routes/cable';
import { bankProofRoutes } from './routes/bankProof';
import { websiteRoutes } from './routes/website';
import { websiteDocumentRoutes } from './routes/websiteDocuments';
import { agreementRoutes } from './routes/agreements';
import { addendaRoutes } from './routes/addenda';
import { teamRoutes } from './routes/team';
import { aggregatorRoutes } from './routes/aggregator';
import { assessmentRoutes } from './routes/assessment';
import { planRoutes } from './routes/plans';
import { termsRoutes } from './routes/terms';
import { passwordRoutes } from './routes/password';
import { userLanguageRoutes } from './routes/userLanguage';
import { sandboxPaymentRoutes } from './routes/sandboxPayment';
import { sandboxUpiRoutes } from './routes/sandboxUpi';
import { upiVerificationRoutes } from './routes/upiVerifications';
import { UPI_REFUND_JOB, upiRefundJob } from './upi/upiVerifications';
import { oauthRoutes } from './routes/oauth';
import { sandboxPartnerRoutes } from './routes/sandboxPartner';
import { AGREEMENT_JOB, agreementJob } from './agreements/agreements';
import { fileRoutes } from './routes/files';
import { documentRoutes } from './routes/documents';
import { kycDocumentRoutes } from './routes/kycDocuments';
import { kycRoutes } from './routes/kyc';
import { otpRoutes } from './routes/otps';
import { pennyRoutes } from './routes/penny';
import { opsRoutes } from './routes/ops';
import { systemClock, type Clock } from './jobs/clock';
import { createJobRunner, type JobRunner } from './jobs/jobQueue';
import { EXPIRED_ROW_SWEEP_JOB, expiredRowSweepJob } from './jobs/expiredRowSweep';
import { FINISHED_JOB_SWEEP_JOB, finishedJobSweepJob } from './jobs/finishedJobSweep';
import { PENNY_DEPOSIT_JOB, pennyDepositJob } from './penny/pennyDeposits';
import { NOTIFICATION_JOB } from './notifications/merchantNotifications';
import { notificationJob } from './notifications/notificationJob';

export interface BuildOptions {
  db: Database;
  config?: Partial<ServerConfig>;
  /** Real providers; without them the sandbox's when it is on, else the start stops (see providersFor). */
  providers?: Partial<Providers>;
  /** Where log lines go (tests read them); default stdout, readable outside production. */
  logStream?: LogSettings['stream'];
  /** Folder of the built app (vite build) served under /app; omitted or missing: API only. */
  appDir?: string;
  /** The clock of the job runner and the penny test; default the wall clock (tests move a manual one). */
  clock?: Clock;
  /** The parse workers' bounds (tests shorten the time limit); the app closes its workers when it closes. */
  fileParser?: Partial<FileParserOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner (penny deposits): started when the app is ready, stopped when it closes. */
    jobs: JobRunner;
    /** The live channel of this process (/cable): `recheck()` reads its sockets' sessions and memberships again now. */
    cable: Pick<LiveChannel, 'recheck'>;
  }
}

const DEFAULT_APP_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/** Builds the API (and the built app under /app) on an open, migrated database. */
export async function build(options: BuildOptions): Promise<FastifyInstance> {
  loadServerTexts();
  const config = { ...configFromEnv({}), ...options.config };
  const ajv = createAjv();
  const clock = options.clock ?? systemClock;
  const contentStore = contentStoreFor(config.fileStore);
  const ctx: AppContext = {
    db: options.db,
    ajv,
    config,
    clock,
    providers: providersFor(config, options.db, options.providers),
    requirements: storedRequirements(options.db, ajv),
    fileParser: createFileParser(options.fileParser),
    files: contentStore.store,
  };
  const app = Fastify({
    ...logOptions({ level: config.logLevel, json: config.production, stream: options.logStream }),
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
  });

  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  app.addHook('preValidation', refuseUnsafeStrings);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.body);
    // A refusal met while storing (the storage quota, taken inside the transaction that stores the file).
    if (error instanceof UploadRefused) {
      const refusal = uploadRefusal(error, null);
      return reply.code(refusal.status).send(refusal.body);
    }
    if ('validation' in error && error.validation) {
      return reply.code(422).send({ errors: toFieldErrors(error.validation as Parameters<typeof toFieldErrors>[0]) });
    }
    const status = 'statusCode' in error && error.statusCode ? error.statusCode : 500;
    if (status === 429) return reply.code(429).send({ error: message('auth.tooManyRequests'), messages: { user: [message('auth.tooManyRequests')] } });
    if (status >= 500) request.log.error(error);
    return reply.code(status).send({ error: status >= 500 ? message('error.server') : error.message });
  });

  const jobHandlers = {
    [PENNY_DEPOSIT_JOB]: pennyDepositJob(options.db, ctx.providers.penny),
    [AGREEMENT_JOB]: agreementJob(options.db, ctx.files),
    [NOTIFICATION_JOB]: notificationJob(options.db, ctx.providers.messages, config.publicUrl),
    [UPI_REFUND_JOB]: upiRefundJob(options.db, ctx.providers.upiVerification),
    [EXPIRED_ROW_SWEEP_JOB]: expiredRowSweepJob(options.db),
    [FINISHED_JOB_SWEEP_JOB]: finishedJobSweepJob(options.db),
    [RELEASED_OBJECTS_SWEEP_JOB]: releasedObjectsSweepJob(options.db, ctx.files),
  };
  const jobs = createJobRunner(options.db, jobHandlers, {
    clock,
    pollIntervalMs: config.jobPollMs,
    onError: (job, error) => app.log.error({ err: error, job: job.id, kind: job.kind }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  // Started once the database is migrated (main.ts migrates after build): overdue jobs of a stopped process resume.
  app.addHook('onReady', async () => {
    void jobs.start();
  });
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onClose', () => ctx.fileParser.close());
  app.addHook('onClose', async () => contentStore.close());
  // A publish of the document requirements by any process: the next request reads the published version again.
  const stopListening = await ctx.requirements.listen();
  app.addHook('onClose', () => stopListening());

  await securityHeaders(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(options.db) });
  // Uploads: every route passes its own limits (size per kind of file); these are the ceilings.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: 15 * 1024 * 1024, parts: 12 } });
  await app.register(
    async (v1) => {
      await v1.register(authRoutes(ctx));
      await v1.register(merchantRoutes(ctx));
      await v1.register(masterDataRoutes(ctx));
      await v1.register(ifscDetailsRoutes(ctx));
      await v1.register(accountRoutes(ctx));
      await v1.register(addressRoutes(ctx));
      await v1.register(businessDetailsRoutes(ctx));
      await v1.register(bankDetailsRoutes(ctx));
      await v1.register(pennyRoutes(ctx));
      await v1.register(upiVerificationRoutes(ctx));
      await v1.register(bankProofRoutes(ctx));
      await v1.register(websiteRoutes(ctx));
      await v1.register(websiteDocumentRoutes(ctx));
      await v1.register(agreementRoutes(ctx));
      await v1.register(addendaRoutes(ctx));
      await v1.register(teamRoutes(ctx));
      await v1.register(aggregatorRoutes(ctx));
      await v1.register(assessmentRoutes(ctx));
      await v1.register(planRoutes(ctx));
      await v1.register(termsRoutes(ctx));
      await v1.register(passwordRoutes(ctx));
      await v1.register(userLanguageRoutes(ctx));
      await v1.register(oauthRoutes(ctx));
      await v1.register(otpRoutes(ctx));
      await v1.register(documentRoutes(ctx));
      await v1.register(kycDocumentRoutes(ctx));
      await v1.register(kycRoutes(ctx));
      await v1.register(fileRoutes(ctx));
      await v1.register(opsRoutes(ctx));
      await v1.register(analyticsRoutes(ctx));
    },
    { prefix: '/api/v1' },
  );
  await app.register(websocket, CABLE_SOCKET_OPTIONS);
  const cable = liveChannel(ctx);
  app.decorate('cable', { recheck: cable.recheck });
  await app.register(cable.routes);
  await app.register(healthRoutes(options.db, config.logLevel));
  if (config.sandbox) await app.register(sandboxRoutes(ctx));
  if (config.sandbox) await app.register(sandboxPaymentRoutes(ctx));
  if (config.sandbox) await app.register(sandboxUpiRoutes(ctx));
  if (config.sandbox) await app.register(sandboxPartnerRoutes());

  const appDir = options.appDir ?? DEFAULT_APP_DIR;
  if (existsSync(appDir + 'index.html')) {
    await app.register(fastifyStatic, {
      root: appDir,
      prefix: '/app/',
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/app/assets/*', (_request, reply) => reply.code(404).send({ error: message('error.notFound') }));
    app.get('/app/*', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    app.get('/app', (_request, reply) => reply.redirect('/app/'));
    // The hand-off screens outside /app (platform spec section 2): the app reads the session stored in the browser.
    for (const path of ['/account/service_login', '/account/service_logout']) app.get(path, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.get('/', (_request, reply) => reply.redirect('/app/account'));
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: message('error.notFound'), path: request.url });
  });
  return app;
}
