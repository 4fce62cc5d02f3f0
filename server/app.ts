import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { deliverNotificationsJob, evaluateRulesJob } from './alerts/alert-jobs';
import { watched } from './alerts/rules';
import { requireFeature } from './billing/plan-limits';
import type { BillingProvider } from './billing/provider';
import { relayPointsChanged } from './datapoints/points-changed';
import { type Database, databaseIdentity } from './db/database';
import type { ProcessNotices } from './db/process-notices';
import { refitForecastModelsJob } from './forecast/forecast-jobs';
import type { ApiContext } from './http/api-context';
import { type ApiRouteOptions, apiRoutes } from './http/api-routes';
import { createCallerCache } from './http/caller-cache';
import { loadedContracts } from './http/contracts';
import { answerFrameworkError, MAX_PARAM_LENGTH } from './http/framework-errors';
import { openApiDocument } from './http/openapi';
import { DEFAULT_BODY_LIMIT } from './http/register-endpoints';
import { type ContentSecurity, DEFAULT_CONTENT_SECURITY, securityHeaders } from './http/security-headers';
import { API_VALIDATION } from './http/validation';
import { attemptLimitAnswer } from './identity/attempt-limit-answer';
import { createAuthenticator } from './identity/authenticate-user';
import { COGNITO_PATH, cognitoRoutes } from './identity/cognito-route';
import { expiredCredentialsJob } from './identity/expired-credentials';
import type { IdentityMode } from './identity/identity-mode';
import { createUserPool } from './identity/user-pool';
import { dropFolderJob } from './imports/drop-folder';
import { ImportProgress } from './imports/import-progress';
import { interruptedImportsJob } from './imports/run-import';
import { mqttPublisher } from './integrations/mqtt/publisher';
import { authenticateApiKey } from './integrations/rest/authenticate-key';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { createLiveHub } from './live/live-hub';
import type { Mailer } from './mail/mailer';
import { readingPartitionsJob } from './readings/partitions';
import { type ReadingsWrittenMessage, readingsWritten } from './readings/readings-writer';
import { pdfLinkRoutes } from './reports/pdf-links';
import { withPrintCredentials } from './reports/print-credential';
import type { ReportRenderer } from './reports/render-reports';
import { queueDueReportsJob, renderReportsJob } from './reports/report-jobs';
import type { Geocoder } from './sites/geocoder';
import { fileRoutes } from './storage/file-routes';
import type { ObjectStorage } from './storage/object-storage';
import { storageFullAnswer } from './storage/storage-full';

export { COGNITO_PATH };

export interface AppDependencies {
  db: Database;
  mailer: Mailer;
  storage: ObjectStorage;
  identity: IdentityMode;
  billing: BillingProvider;
  /** Where people reach the app, for links in e-mails. */
  publicUrl: string;
  logger?: boolean;
  /** SFTP drop folders to watch (see imports/drop-folder.ts); none when absent. */
  dropFolderRoot?: string;
  /** The schema of the job runner's tables (jobs/job-runner.ts): 'pgboss' when absent. */
  jobSchema?: string;
  /** Whether the background jobs run (true when absent); tests of requests alone leave them out. */
  runJobs?: boolean;
  /** Looks addresses up for people placing a site; without it they click the map or type coordinates. */
  geocoder?: Geocoder;
  /** The Content-Security-Policy's origins and framing (http/security-headers.ts); the defaults when absent. */
  contentSecurity?: ContentSecurity;
  /** The MQTT broker flows publish to (MQTT_URL); their publish actions are refused without one. */
  mqtt?: { url: string; topicPrefix?: string };
  /** Prints reports (reports/render-reports.ts); without it runs wait in their queue. */
  reportRenderer?: ReportRenderer;
  /**
   * The other server processes on the database (db/postgres-notices.ts), told of
   * this one's writes and sign-outs; none when absent, as with embedded PGlite.
   */
  notices?: ProcessNotices;
}

/**
 * The composition root: the HTTP application, without listening, with every
 * domain's part handed to the shared layers. main.ts gives it a port; the
 * tests (test-app.ts) drive it with inject().
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { db, mailer, storage, identity, billing, publicUrl, logger = false, dropFolderRoot } = deps;
  const app = Fastify({
    logger: logger
      ? { level: 'info', redact: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.body'] }
      : false,
    // The same limit the API's routes and their 413 message name (register-endpoints.ts).
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    ajv: API_VALIDATION,
  });
  await securityHeaders(app, deps.contentSecurity ?? DEFAULT_CONTENT_SECURITY);
  // The document is made from the contracts, the same files the routes are registered from.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: openApiDocument(loadedContracts()) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const callers = createCallerCache(deps.notices);
  const imports = new ImportProgress();
  const userPool = identity.embeddedPool
    ? createUserPool(db, identity.embeddedPool, mailer, (userId) => callers.forgetUser(userId))
    : undefined;
  if (userPool) {
    // Made now, before any request, so the first token signed verifies against keys already loaded.
    await userPool.signingKey();
    await app.register(cognitoRoutes, { pool: userPool });
  }
  // Open screens' streams, told of every committed write of readings, by any process (live/live-hub.ts).
  const live = createLiveHub(db, deps.notices);
  app.decorate('live', live);
  app.addHook('onClose', async () => live.close());
  // Points added, deleted or given other topics here are told to the other processes, and theirs to this
  // one's MQTT subscriber (datapoints/points-changed.ts).
  if (deps.notices) {
    const stopRelaying = relayPointsChanged(db, deps.notices);
    app.addHook('onClose', async () => stopRelaying());
  }
  await app.register(fileRoutes, { storage });
  await app.register(pdfLinkRoutes, { db, storage });
  const context: ApiContext = {
    db,
    billing,
    mailer,
    storage,
    userPool,
    publicUrl,
    browserAuth: identity.browser,
    callers,
    imports,
    geocoder: deps.geocoder,
    dropFolderRoot,
    deliverNow,
    renderReportsNow,
    refitForecastModelsNow,
    mqttPublishing: deps.mqtt !== undefined,
    live,
  };
  await app.register(apiRoutes, { prefix: '/api', ...apiRouteOptions(context, identity) });
  // Every background task is a job on the one runner, started here for main.ts and the tests alike.
  let runner: JobRunner | undefined;
  const publisher = deps.mqtt && mqttPublisher(deps.mqtt.url, deps.mqtt.topicPrefix);
  const deliverNotifications = deliverNotificationsJob(db, mailer, publicUrl, publisher?.publish);
  async function deliverNow(): Promise<void> {
    await runner?.send(deliverNotifications, {});
  }
  const renderReports =
    deps.reportRenderer && renderReportsJob(db, storage, deps.reportRenderer, { mailer, publicUrl });
  async function renderReportsNow(): Promise<void> {
    if (renderReports) await runner?.send(renderReports, {});
  }
  const evaluateRules = evaluateRulesJob(db, publicUrl, deliverNow);
  const refitForecastModels = refitForecastModelsJob(db);
  async function refitForecastModelsNow(): Promise<void> {
    await runner?.send(refitForecastModels, {});
  }
  const jobs = [
    refitForecastModels,
    interruptedImportsJob(db),
    readingPartitionsJob(db),
    expiredCredentialsJob(db),
    evaluateRules,
    deliverNotifications,
    queueDueReportsJob(db, renderReportsNow),
    ...(renderReports ? [renderReports] : []),
    ...(dropFolderRoot ? [dropFolderJob(dropFolderRoot, db, storage, imports)] : []),
  ];
  if (deps.runJobs !== false) {
    const started = createJobRunner({ db, jobs, schema: deps.jobSchema, log: (line) => app.log.warn(line) });
    await started.start();
    runner = started;
    // Whatever wrote them, new readings are held to the rules on their points as soon as they are committed.
    const database = databaseIdentity(db);
    const judgeWrite = (message: unknown) => {
      const { pointIds, database: writtenTo } = message as ReadingsWrittenMessage;
      // Another app's write in this process (a test's, a bench's) is of its own database, whose point ids run
      // alike; and while a run this process sent is still to come due, it will judge this write too.
      if (writtenTo !== database || started.waiting(evaluateRules)) return;
      // Only writes to watched points send a job: the demo's seeding writes thousands of batches nobody watches.
      watched(db, pointIds)
        .then((due) => (due ? started.send(evaluateRules, {}) : undefined))
        .catch((error: Error) => app.log.warn(`evaluate-rules could not be sent: ${error.message}`));
    };
    readingsWritten.subscribe(judgeWrite);
    app.addHook('onClose', async () => {
      readingsWritten.unsubscribe(judgeWrite);
      await started.stop();
      await publisher?.close();
      await imports.idle();
    });
  }
  return app;
}

/**
 * The API's routes as the domains make them up: server/http checks callers
 * and answers errors but knows no domain, so each hands its part here (who
 * calls, from identity's tokens and the REST integration's keys; what a plan
 * includes, from billing; the user pool's errors in the API's words). The
 * one place they meet server/http: buildApp uses it for main.ts and the
 * tests, and a test that mounts the routes on a Fastify of its own uses it too.
 */
export function apiRouteOptions(context: ApiContext, identity: IdentityMode): ApiRouteOptions {
  const { db, callers } = context;
  return {
    context,
    guards: {
      // Users' tokens, and the print credentials of reports being printed (reports/print-credential.ts).
      authenticate: withPrintCredentials(db, createAuthenticator(db, identity, callers)),
      authenticateApiKey: (request) => authenticateApiKey(db, request),
      requireFeature: (organisationId, feature) => requireFeature(db, organisationId, feature),
    },
    errorAnswers: [attemptLimitAnswer, storageFullAnswer],
  };
}
