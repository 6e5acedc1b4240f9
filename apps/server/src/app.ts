import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { errorMessage } from '@ssaem/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { createAdminUsersRepository } from './modules/admin/admin-users.repository.ts';
import { adminUsersRoutes } from './modules/admin/admin-users.routes.ts';
import { createAdminUsersService } from './modules/admin/admin-users.service.ts';
import { createAuditRepository } from './modules/admin/audit.repository.ts';
import { createAuditService } from './modules/admin/audit.service.ts';
import { createPlaygroundRepository } from './modules/admin/playground.repository.ts';
import { playgroundRoutes } from './modules/admin/playground.routes.ts';
import { createPlaygroundService } from './modules/admin/playground.service.ts';
import { createPromptVersionsRepository } from './modules/admin/prompt-versions.repository.ts';
import { promptVersionsRoutes } from './modules/admin/prompt-versions.routes.ts';
import { createPromptVersionsService } from './modules/admin/prompt-versions.service.ts';
import { createUsageRepository } from './modules/admin/usage.repository.ts';
import { usageRoutes } from './modules/admin/usage.routes.ts';
import { createUsageService } from './modules/admin/usage.service.ts';
import { openidRedirectRoutes } from './modules/auth/openid-redirect.routes.ts';
import { createBoardRepository } from './modules/board/board.repository.ts';
import { boardRoutes } from './modules/board/board.routes.ts';
import { createBoardService } from './modules/board/board.service.ts';
import { createBriefingService } from './modules/chat/briefing.service.ts';
import { createChatRepository } from './modules/chat/chat.repository.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { composeDocumentAssistantOffline } from './modules/chat/document-assistant.ts';
import { GenerationRegistry } from './modules/chat/generation.ts';
import { composeOfflineAnswer } from './modules/chat/offline-answer.ts';
import { createUserSettingsService } from './modules/chat/user-settings.service.ts';
import { createAccessLogRepository } from './modules/classes/access-log.repository.ts';
import { createAccessLogService } from './modules/classes/access-log.service.ts';
import { createClassesRepository } from './modules/classes/classes.repository.ts';
import { classesRoutes } from './modules/classes/classes.routes.ts';
import { createClassesService } from './modules/classes/classes.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { createDocumentsService } from './modules/documents/documents.service.ts';
import { createEdutechRepository } from './modules/edutech/edutech.repository.ts';
import { edutechRoutes } from './modules/edutech/edutech.routes.ts';
import { createEdutechService } from './modules/edutech/edutech.service.ts';
import { createErrorReportRepository } from './modules/error-reports/error-reports.repository.ts';
import { errorReportRoutes } from './modules/error-reports/error-reports.routes.ts';
import { createErrorReportService } from './modules/error-reports/error-reports.service.ts';
import { createEventsRepository } from './modules/events/events.repository.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { createFilesRepository } from './modules/files/files.repository.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createDidYouMean } from './modules/library/did-you-mean.ts';
import { createLibraryRepository } from './modules/library/library.repository.ts';
import { libraryRoutes } from './modules/library/library.routes.ts';
import { createLibraryService } from './modules/library/library.service.ts';
import { createLibrarySearchIndex } from './modules/library/library-search.ts';
import { createLibraryVocabularyRepository } from './modules/library/library-vocabulary.repository.ts';
import { createSuggestionsRepository } from './modules/library/suggestions.repository.ts';
import { createLicenceKeysRepository } from './modules/licences/licence-keys.repository.ts';
import { licenceKeysRoutes } from './modules/licences/licence-keys.routes.ts';
import { createLicenceKeysService } from './modules/licences/licence-keys.service.ts';
import { createLicencePlansRepository } from './modules/licences/licence-plans.repository.ts';
import { licencePlansRoutes } from './modules/licences/licence-plans.routes.ts';
import { createLicencePlansService } from './modules/licences/licence-plans.service.ts';
import { createLicencesRepository } from './modules/licences/licences.repository.ts';
import { licencesRoutes } from './modules/licences/licences.routes.ts';
import { createLicencesService, createTokenTracker } from './modules/licences/licences.service.ts';
import { createMaterialsRepository } from './modules/materials/materials.repository.ts';
import { materialsRoutes } from './modules/materials/materials.routes.ts';
import { createMaterialsService } from './modules/materials/materials.service.ts';
import { partnerLoginRoutes } from './modules/partners/partner-login.routes.ts';
import { createPartnerLoginService } from './modules/partners/partner-login.service.ts';
import { createPartnerProductsRepository } from './modules/partners/partner-products.repository.ts';
import { partnerProductsRoutes } from './modules/partners/partner-products.routes.ts';
import { createPartnerProductsService } from './modules/partners/partner-products.service.ts';
import { proxyRoutes } from './modules/proxy/proxy.routes.ts';
import { createProxyService } from './modules/proxy/proxy.service.ts';
import { createRecordsRepository } from './modules/records/records.repository.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createReferenceRepository } from './modules/reference/reference.repository.ts';
import { referenceRoutes } from './modules/reference/reference.routes.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createContactRepository } from './modules/site/contact.repository.ts';
import { contactRoutes } from './modules/site/contact.routes.ts';
import { createContactService } from './modules/site/contact.service.ts';
import { aiConnectionRoutes } from './modules/tools/ai-connection.routes.ts';
import { createAssistantRepository } from './modules/tools/assistant/assistant.repository.ts';
import { assistantRoutes } from './modules/tools/assistant/assistant.routes.ts';
import { createAssistantService } from './modules/tools/assistant/assistant.service.ts';
import { draftForChat } from './modules/tools/chat-draft.ts';
import { classGroupRoutes } from './modules/tools/class-group/class-group.routes.ts';
import { createClassGroupService } from './modules/tools/class-group/class-group.service.ts';
import { feedbackRoutes } from './modules/tools/feedback/feedback.routes.ts';
import { createFeedbackService } from './modules/tools/feedback/feedback.service.ts';
import { createGenerationService, type GenerationService } from './modules/tools/generation.service.ts';
import { createGrounding } from './modules/tools/grounding.ts';
import { lessonRoutes } from './modules/tools/lesson/lesson.routes.ts';
import { createLessonService } from './modules/tools/lesson/lesson.service.ts';
import { quizRoutes } from './modules/tools/quiz/quiz.routes.ts';
import { createQuizService } from './modules/tools/quiz/quiz.service.ts';
import { standardRoutes } from './modules/tools/standard/standard.routes.ts';
import { createStandardService } from './modules/tools/standard/standard.service.ts';
import { studioRoutes } from './modules/tools/studio/studio.routes.ts';
import { createStudioEndpoints } from './modules/tools/studio/studio-tools.ts';
import { subscribeRoutes } from './modules/tools/subscribe.routes.ts';
import { summaryRoutes } from './modules/tools/summary/summary.routes.ts';
import { createSummaryService } from './modules/tools/summary/summary.service.ts';
import { textCorrectionRoutes } from './modules/tools/text-correction/text-correction.routes.ts';
import { createTextCorrectionService } from './modules/tools/text-correction/text-correction.service.ts';
import { createToolFiles } from './modules/tools/tool-files.ts';
import { createToolsRepository } from './modules/tools/tools.repository.ts';
import { toolsRoutes } from './modules/tools/tools.routes.ts';
import { createToolsService } from './modules/tools/tools.service.ts';
import { webtoonRoutes } from './modules/tools/webtoon/webtoon.routes.ts';
import { createWebtoonService } from './modules/tools/webtoon/webtoon.service.ts';
import { createSchoolMembershipRepository } from './modules/users/school-membership.repository.ts';
import { sessionStatusRoutes } from './modules/users/session-status.routes.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createUsersBatchRepository } from './modules/users/users-batch.repository.ts';
import { usersBatchRoutes } from './modules/users/users-batch.routes.ts';
import { createUsersBatchService } from './modules/users/users-batch.service.ts';
import { createVerificationRepository } from './modules/users/verification.repository.ts';
import { createVerificationService } from './modules/users/verification.service.ts';
import { createAiGateway } from './platform/ai/gateway.ts';
import { chooseModel } from './platform/ai/models.ts';
import { createUsageLimits } from './platform/ai/usage-limits.ts';
import { registerIdentity } from './platform/auth/identity.ts';
import { loadSecret } from './platform/auth/oidc-keys.ts';
import { AppError } from './platform/errors/app-error.ts';
import { registerErrorHandler, sendError } from './platform/errors/error-handler.ts';
import { createSharedCache } from './platform/events/shared-cache.ts';
import { registerCompression } from './platform/http/compression.ts';
import { capConnectionsPerAddress, trustedProxies } from './platform/http/connections.ts';
import { refuseNulCharacters } from './platform/http/no-nul.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { createSafeImageFetcher, type SafeImageFetchOptions } from './platform/http/safe-image-fetch.ts';
import { registerSecurityHeaders } from './platform/http/security.ts';
import { registerSpa } from './platform/http/spa.ts';
import { registerUploadRateLimit } from './platform/http/upload-rate-limit.ts';
import { registerUploadSpool } from './platform/http/upload-spool.ts';
import { createBackground } from './platform/jobs/background.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createDocumentReader } from './platform/sandbox/document-reader.ts';
import { configuredProviders } from './platform/search/search-provider.ts';
import { createGeneratedImages } from './platform/storage/generated-images.ts';
import { createFileStorageFromConfig } from './platform/storage/storage-from-config.ts';
import { registerPeriodic } from './platform/timers/periodic.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The document pipeline, where each document tool registers its generator. */
    generation: GenerationService;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Told of every route as it is registered (the route inventory's test lists them this way). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Tests only: name resolution and the address rule of the image proxy (local test servers). */
  imageProxy?: Pick<SafeImageFetchOptions, 'resolve' | 'isAllowedAddress'>;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    // Credentials never reach the log, whatever a plugin decides to log.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization'],
  };
}

/** Builds the whole server; main.ts and the tests call the same function. */
export async function buildApp({
  config,
  database,
  onRoute,
  imageProxy,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(config.TRUST_PROXY).length ? trustedProxies(config.TRUST_PROXY) : false,
    // A request must arrive whole within this time; a trickling body is cut off.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    // Read in genReqId instead, so an unsafe caller-supplied id is replaced rather than echoed.
    requestIdHeader: false,
    // A URL the router cannot decode, or a path parameter longer than it takes: the error shape too.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, 'E_VALIDATION', { status: 400 }),
    // Requests Node's parser rejects (e.g. raw bytes in the path) still get the error shape.
    clientErrorHandler: (_error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ code: 'E_VALIDATION', message: errorMessage('E_VALIDATION', 'ko') });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
    // A caller's request id is kept when it is sane, so logs join up across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  capConnectionsPerAddress(
    app.server,
    config.MAX_CONNECTIONS_PER_ADDRESS,
    trustedProxies(config.TRUST_PROXY),
  );
  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulCharacters(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      return new AppError('E_TOO_MANY_REQUESTS', {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      });
    },
  });
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10, fields: 50 } });
  registerUploadRateLimit(app, config.UPLOADS_PER_MINUTE);
  await registerOpenApi(app, config.PUBLIC_URL);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
  });
  const { mintAccessToken } = await registerIdentity(app, config, database.db, mailer);

  const db = database.db;
  const background = await createBackground(config, db, app.log);
  app.addHook('onReady', () => background.start());
  app.addHook('onClose', () => background.stop());
  const referenceService = createReferenceService(createReferenceRepository(db));
  const errorReportService = createErrorReportService(createErrorReportRepository(db));
  const usersRepository = createUsersRepository(db);
  const licencesRepository = createLicencesRepository(db);
  const licencesService = createLicencesService(licencesRepository, (id) => usersRepository.findById(id));
  const verificationService = createVerificationService(createVerificationRepository(db), mailer);
  const usersService = createUsersService({
    users: usersRepository,
    membership: createSchoolMembershipRepository(db),
    mailer,
    reference: referenceService,
    licences: licencesService,
    verification: verificationService,
    inviteSecret: () => loadSecret(db, 'invite'),
    publicUrl: config.PUBLIC_URL,
    localAccounts: config.EMBEDDED_IDP,
  });
  await app.register(healthRoutes(database));
  await app.register(referenceRoutes(referenceService));
  const auditService = createAuditService(createAuditRepository(db));
  await app.register(errorReportRoutes(errorReportService, auditService));
  const usageRepository = createUsageRepository(db);
  const usageService = createUsageService(usageRepository, (error) =>
    app.log.warn({ err: error }, 'token usage fold after a read failed'),
  );
  await app.register(usageRoutes(usageService));
  app.addHook('onClose', () => usageService.idle());
  // Settled calls are folded into the usage rollups in the background; the dashboard adds the rest.
  registerPeriodic(app, 'token usage fold', 60_000, () => usageRepository.rollUp());
  await app.register(usersRoutes(usersService, verificationService, auditService));
  await app.register(
    adminUsersRoutes(
      createAdminUsersService({ repository: createAdminUsersRepository(db), audit: auditService, db }),
      auditService,
    ),
  );
  await app.register(sessionStatusRoutes());
  await app.register(openidRedirectRoutes(config.PUBLIC_URL));
  await app.register(licencesRoutes(licencesService));
  await app.register(
    licencePlansRoutes(
      createLicencePlansService({
        plans: createLicencePlansRepository(db),
        licences: licencesRepository,
        audit: auditService,
      }),
    ),
  );
  const partnerProducts = createPartnerProductsRepository(db);
  await app.register(
    partnerProductsRoutes(createPartnerProductsService({ repository: partnerProducts, audit: auditService })),
  );
  // The exchange mints the embedded provider's tokens; an external issuer exchanges its own.
  if (mintAccessToken)
    await app.register(
      partnerLoginRoutes(
        createPartnerLoginService({
          products: partnerProducts,
          users: usersRepository,
          mintAccessToken,
          audiences: (productKey) => [
            config.ISSUER,
            config.PUBLIC_URL,
            `${config.PUBLIC_URL}/api/auth/${productKey}-login`,
          ],
        }),
      ),
    );
  await app.register(
    licenceKeysRoutes(
      createLicenceKeysService({
        keys: createLicenceKeysRepository(db),
        audit: auditService,
        mailer,
        publicUrl: config.PUBLIC_URL,
      }),
    ),
  );

  const tokenTracker = createTokenTracker(licencesRepository);
  const modelChoice = chooseModel(
    config,
    async (request) =>
      (await composeDocumentAssistantOffline(request)) ??
      composeOfflineAnswer(request, (q) => draftForChat(q)),
  );
  // Keep-alive connections to the model server close with the app.
  app.addHook('onClose', async () => modelChoice.streamer?.close());
  // One set of per-user limits for every model call, the prompt playground's included.
  const usageLimits = createUsageLimits({
    maxConcurrent: config.CHAT_MAX_CONCURRENT_STREAMS,
    perMinute: config.CHAT_REQUESTS_PER_MINUTE,
  });
  const gateway = createAiGateway({ choice: modelChoice, tracker: tokenTracker, limits: usageLimits });
  // One store for every file the product keeps; each feature uses its own folder in it.
  // Scaled out, every instance and worker must see the same files: S3-compatible object storage.
  const {
    storage: fileStorage,
    check: checkFileStorage,
    removePartials,
  } = await createFileStorageFromConfig(config);
  app.addHook('onReady', checkFileStorage);
  // Files a killed process was writing. Alone (no Redis), nobody else can be writing now; scaled
  // out, another instance may be, and a write an hour old is no write any more.
  const removeAbandonedPartials = async (before: Date) => {
    const removed = await removePartials(before);
    if (removed) app.log.warn({ removed }, 'removed half-written files left by a stopped process');
  };
  app.addHook('onReady', () =>
    removeAbandonedPartials(config.REDIS_URL ? new Date(Date.now() - 60 * 60 * 1000) : new Date()),
  );
  registerPeriodic(app, 'half-written files sweep', 60 * 60 * 1000, () =>
    removeAbandonedPartials(new Date(Date.now() - 60 * 60 * 1000)),
  );
  app.addHook('onClose', () => fileStorage.close());
  // Uploaded files are read in child processes under memory, CPU and time limits, never here.
  const reader = createDocumentReader({
    processes: config.READER_PROCESSES,
    limits: {
      memoryBytes: config.READER_MEMORY_MB * 1024 * 1024,
      cpuMs: config.READER_CPU_SECONDS * 1000,
      wallMs: config.READER_CPU_SECONDS * 2000 + 10_000,
    },
    log: app.log,
    tempDir: join(config.DATA_DIR, 'tmp'),
  });
  app.addHook('onClose', () => reader.close());
  // Upload parts are written straight into the readers' folder, so a reader is handed a path.
  registerUploadSpool(app, () => reader.folder);
  const filesRepository = createFilesRepository(db);
  const filesService = createFilesService({
    reader,
    repository: filesRepository,
    storage: fileStorage,
    log: app.log,
    presignedDownloads: config.S3_PRESIGNED_DOWNLOADS,
  });
  await app.register(filesRoutes(filesService));
  // A reading that has not finished in half an hour died with its process (queued ones included).
  registerPeriodic(app, 'abandoned readings sweep', 5 * 60 * 1000, async () => {
    const failed = await filesService.failAbandoned(new Date(Date.now() - 30 * 60 * 1000));
    if (failed) app.log.warn({ failed }, 'failed uploads whose reading was abandoned');
  });
  const boardService = createBoardService({
    board: createBoardRepository(db),
    storage: fileStorage,
    writerName: async (userId) => (await usersRepository.findById(userId))?.name ?? '',
  });
  await app.register(boardRoutes(boardService));
  registerPeriodic(app, 'notice view purge', 60 * 60 * 1000, () => boardService.purgeOldViews());
  const edutechService = createEdutechService({
    repository: createEdutechRepository(db),
    storage: fileStorage,
  });
  await app.register(edutechRoutes(edutechService));
  // The counts behind edutech badges and rankings are recounted when the Korean day changes.
  registerPeriodic(app, 'edutech counts', 10 * 60 * 1000, () => edutechService.refreshCounts());
  const proxyService = createProxyService({
    fetchImage: createSafeImageFetcher({
      allowedOrigins: config.PROXY_IMAGE_ORIGINS,
      maxBytes: config.PROXY_IMAGE_MAX_BYTES,
      timeoutMs: config.PROXY_IMAGE_TIMEOUT_MS,
      ...imageProxy,
    }),
    cacheBytes: 64 * 1024 * 1024,
    cacheTtlMs: 60 * 60 * 1000,
    log: app.log,
  });
  await app.register(proxyRoutes(proxyService));
  // Classes, rosters and the access log of pupils' data; student records build on them.
  const accessLogService = createAccessLogService(createAccessLogRepository(db), auditService);
  // Roster names are read for every chat message: kept per teacher, dropped on every instance when
  // a class or roster changes.
  const rosterNames = createSharedCache<number, string[]>({
    bus: background.events,
    channel: 'roster-changed',
  });
  app.addHook('onClose', async () => rosterNames.close());
  const classesService = createClassesService({
    repository: createClassesRepository(db, { rosterChanged: () => rosterNames.invalidate() }),
    accessLog: accessLogService,
    sheets: reader,
  });
  await app.register(
    usersBatchRoutes(
      createUsersBatchService({
        repository: createUsersBatchRepository(db),
        localAccounts: config.EMBEDDED_IDP,
        sheets: reader,
      }),
    ),
  );
  await app.register(classesRoutes(classesService, accessLogService));
  const chatRepository = createChatRepository(db);
  const librarySearch = createLibrarySearchIndex(db, database.dialect);
  const libraryRepository = createLibraryRepository(db, librarySearch);
  const libraryService = createLibraryService({
    library: libraryRepository,
    search: librarySearch,
    suggestions: createSuggestionsRepository(db),
    publicUrl: config.PUBLIC_URL,
    didYouMean: createDidYouMean(() => createLibraryVocabularyRepository(db).recentPublicTitles(20_000)),
  });
  // Search tools: a configured provider (SearXNG, YouTube) or, without one, the product's own sources.
  const searchService = createSearchService({
    db,
    providers: configuredProviders(config),
    edutech: edutechService,
    cacheSeconds: config.SEARCH_CACHE_SECONDS,
    licences: tokenTracker,
    related: (actor, query, limit) => libraryService.related(actor, query, limit),
    log: app.log,
  });
  await app.register(searchRoutes(searchService));
  const chatService = createChatService({
    files: filesService,
    repository: chatRepository,
    gateway,
    registry: new GenerationRegistry(),
    log: app.log,
    // The names on the teacher's class rosters never reach the model.
    studentNamesOf: (userId) => rosterNames.get(userId, () => classesService.rosterNamesOf(userId)),
    materials: libraryService,
    edutech: edutechService,
    images: createGeneratedImages(fileStorage, 'chat-images'),
    search: searchService,
    // With Redis every instance shares the bus, so answers can be re-attached through any of them.
    events: { bus: background.events, shared: Boolean(config.REDIS_URL) },
  });
  app.addHook('onClose', () => chatService.shutdown());
  if (config.REDIS_URL) {
    registerPeriodic(app, 'orphaned answers sweep', 30_000, async () => {
      const marked = await chatService.markOrphanedAnswers();
      if (marked) app.log.warn({ marked }, 'marked answers of a stopped instance as unfinished');
    });
  }
  await app.register(libraryRoutes(libraryService));
  registerPeriodic(app, 'library view purge', 60 * 60 * 1000, () => libraryService.purgeOldViews());
  const contactService = createContactService({ repository: createContactRepository(db), mailer });
  await app.register(contactRoutes(contactService));
  registerPeriodic(app, 'contact inquiry purge', 60 * 60 * 1000, () => contactService.purgeExpired());
  const eventsService = createEventsService({
    repository: createEventsRepository(db),
    mailer,
    audit: auditService,
  });
  await app.register(eventsRoutes(eventsService));
  registerPeriodic(app, 'event registration purge', 60 * 60 * 1000, () => eventsService.purgeExpired());
  // Kept form files of tool items: removed by whichever path deletes an item.
  const toolFiles = createToolFiles({
    repository: filesRepository,
    storage: fileStorage,
    stillReferenced: (ownerId, fileId) => libraryRepository.refersToKeptFile(ownerId, fileId),
  });
  await app.register(
    materialsRoutes(
      createMaterialsService({
        materials: createMaterialsRepository(db),
        library: libraryRepository,
        toolFiles,
      }),
    ),
  );
  const documentsService = createDocumentsService({
    reader,
    library: libraryRepository,
    storage: fileStorage,
    log: app.log,
  });
  await app.register(documentsRoutes(documentsService));
  registerPeriodic(app, 'upload retention', 60 * 60 * 1000, async () => {
    const removed = await documentsService.purgeUploads(
      new Date(Date.now() - config.UPLOAD_RETENTION_DAYS * 86_400_000),
    );
    if (removed) app.log.info({ removed }, 'old editor uploads removed');
  });
  const generationService = createGenerationService({
    library: libraryRepository,
    licences: tokenTracker,
    jobs: background.jobs,
    events: background.events,
    log: app.log,
  });
  app.decorate('generation', generationService);
  await app.register(subscribeRoutes(generationService));
  const toolsService = createToolsService(createToolsRepository(db));
  const promptVersions = createPromptVersionsService({
    repository: createPromptVersionsRepository(db),
    tools: toolsService,
    audit: auditService,
  });
  await app.register(toolsRoutes(toolsService, promptVersions, auditService));
  await app.register(
    dashboardRoutes(
      createDashboardService({
        users: usersService,
        licences: licencesService,
        library: libraryService,
        chat: chatService,
        board: boardService,
        edutech: edutechService,
        tools: toolsService,
      }),
    ),
  );
  await app.register(promptVersionsRoutes(promptVersions));
  await app.register(
    playgroundRoutes(
      createPlaygroundService({
        choice: modelChoice,
        limits: usageLimits,
        repository: createPlaygroundRepository(db),
        versions: promptVersions,
        tools: toolsService,
      }),
    ),
  );
  await app.register(aiConnectionRoutes(config));
  await app.register(
    summaryRoutes(
      createSummaryService({
        reader,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
        files: toolFiles,
      }),
    ),
  );
  await app.register(
    textCorrectionRoutes(
      createTextCorrectionService({
        reader,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
      }),
    ),
  );
  await app.register(
    feedbackRoutes(
      createFeedbackService({
        reader,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
        files: toolFiles,
      }),
    ),
  );
  await app.register(
    lessonRoutes(
      createLessonService({
        db,
        generation: generationService,
        library: libraryRepository,
        jobs: background.jobs,
        events: background.events,
        gateway,
        tools: toolsService,
        grounding: createGrounding(db),
        storage: fileStorage,
        log: app.log,
      }),
    ),
  );
  await app.register(
    studioRoutes(
      createStudioEndpoints({
        reader,
        db,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
      }),
    ),
  );
  // The standards tool: codes and wording only from the reference data.
  await app.register(
    standardRoutes(
      createStandardService({
        db,
        reader,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
      }),
    ),
  );
  // 형성평가·학습지: items linked to standards of the reference data only.
  await app.register(
    quizRoutes(
      createQuizService({
        db,
        reader,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
      }),
    ),
  );
  // 모둠 편성: rosters read under the classes policy (and logged); the solver never calls a model.
  await app.register(
    classGroupRoutes(
      createClassGroupService({
        generation: generationService,
        library: libraryRepository,
        gateway,
        roster: async (context, classroomId) =>
          (await classesService.students(context, classroomId)).map((s) => ({
            name: s.name,
            gender: s.gender,
          })),
      }),
    ),
  );
  // Educational webtoons: the script from the model or the offline drafter, drawn as SVG here.
  await app.register(
    webtoonRoutes(
      createWebtoonService({
        db,
        generation: generationService,
        library: libraryRepository,
        gateway,
        tools: toolsService,
        pictures: createGeneratedImages(fileStorage, 'webtoon-images'),
      }),
    ),
  );
  // The per-tool assistant on a result page: threads kept per teacher and item.
  await app.register(
    assistantRoutes(
      createAssistantService({
        repository: createAssistantRepository(db),
        library: libraryRepository,
        gateway,
        licences: tokenTracker,
        sensitiveNamesOf: (userId) => classesService.rosterNamesOf(userId),
        log: app.log,
      }),
    ),
  );
  const briefingService = createBriefingService({
    repository: chatRepository,
    gateway,
    licenceInfo: (userId) => licencesService.licenceInfo(userId),
  });
  await app.register(chatRoutes(chatService, createUserSettingsService(db), briefingService));
  // Student records: private to their author and the school's administrators, never in the library.
  const recordsService = createRecordsService({
    repository: createRecordsRepository(db),
    classes: classesService,
    accessLog: accessLogService,
    reference: referenceService,
    gateway,
    licences: tokenTracker,
    jobs: background.jobs,
    events: background.events,
    log: app.log,
  });
  await app.register(recordsRoutes(recordsService, classesService));
  registerPeriodic(app, 'student record draft purge', 60 * 60 * 1000, () =>
    recordsService.purgeDrafts(new Date(Date.now() - 86_400_000)),
  );
  app.log.info({ provider: gateway.info.provider, model: gateway.info.modelId }, 'AI provider');

  await registerSpa(app, config.WEB_DIST_DIR, config.PUBLIC_URL);
  return app;
}
