import {
  edutechCheckValidityQuerySchema,
  edutechIdParamsSchema,
  edutechImageParamsSchema,
  edutechLicenceInputSchema,
  edutechLicenceListQuerySchema,
  edutechLicenceListSchema,
  edutechLicenceSchema,
  edutechLicenceUpdateSchema,
  edutechListQuerySchema,
  edutechProductDetailSchema,
  edutechProductPageSchema,
  edutechReviewDecisionSchema,
  edutechUnlinkedSchema,
  edutechValiditySchema,
  edutechVendorInputSchema,
  edutechVendorProductInputSchema,
  edutechVendorProductUpdateSchema,
  edutechVendorSchema,
  MAX_EDUTECH_IMAGE_BYTES,
  recommendationQuerySchema,
  recommendationStripSchema,
  recommendedProductSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, superAdminOnly, teachersOnly, withRoles } from '../../platform/auth/guards.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { EdutechService } from './edutech.service.ts';

/** Teachers (and administrators) browse the catalogue to choose; providers to see their listings beside it. */
const catalogueReaders = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN', 'ROLE_PROVIDER');
const providersOnly = withRoles('ROLE_PROVIDER');

/**
 * core.md §2 EduTech and My EduTech, §7 user-license and recommendation: the catalogue, a teacher's
 * licences in use, recommendations, and vendors' own products with the super administrator's review.
 */
export function edutechRoutes(service: EdutechService): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = (tag: string) => ({ tags: [tag], security: [{ bearerAuth: [] }] });
    const catalogue = secured('edutech');
    const licences = secured('edutech licences');
    const recommendation = secured('recommendation');
    const vendors = secured('edutech vendors');

    // ---- the catalogue ----

    app.get(
      '/api/v1/edutech/goods',
      {
        preHandler: catalogueReaders,
        schema: {
          ...catalogue,
          summary:
            'Approved products, searched by name (Korean one- and two-syllable words too) and filtered',
          querystring: edutechListQuerySchema,
          response: { 200: edutechProductPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.listProducts(actorOf(request), request.query),
    );

    app.get(
      '/api/v1/edutech/goods/:id',
      {
        preHandler: catalogueReaders,
        schema: {
          ...catalogue,
          params: edutechIdParamsSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.getProduct(actorOf(request), request.params.id),
    );

    app.post(
      '/api/v1/edutech/goods/:id/like',
      {
        preHandler: teachersOnly,
        schema: {
          ...catalogue,
          params: edutechIdParamsSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.setLike(actorOf(request), request.params.id, true),
    );

    app.delete(
      '/api/v1/edutech/goods/:id/like',
      {
        preHandler: teachersOnly,
        schema: {
          ...catalogue,
          params: edutechIdParamsSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.setLike(actorOf(request), request.params.id, false),
    );

    // Logos and screenshots are read by an unguessable address (an <img> sends no token).
    app.get(
      '/api/v1/edutech/images/:file',
      { schema: { tags: ['edutech'], params: z.object({ file: z.string().max(80) }) } },
      async (request, reply) => {
        const image = await service.image(request.params.file);
        return reply
          .header('content-type', image.type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );

    app.get(
      '/api/v1/edutech/vendors/:id',
      {
        preHandler: catalogueReaders,
        schema: {
          ...vendors,
          summary: 'A company and its products in the catalogue (E_NOT_FOUND_003 for an unknown company)',
          params: edutechIdParamsSchema,
          response: { 200: edutechVendorSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.getVendor(actorOf(request), request.params.id),
    );

    // ---- licences in use (the teacher's own) ----

    app.get(
      '/api/v1/edutech/user-license/my-list',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          querystring: edutechLicenceListQuerySchema,
          response: { 200: edutechLicenceListSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.myLicences(actorOf(request), request.query.tab),
    );

    app.get(
      '/api/v1/edutech/user-license/my/nearest-end',
      {
        preHandler: teachersOnly,
        schema: { ...licences, response: { 200: edutechLicenceSchema.nullable(), ...ERROR_RESPONSES } },
      },
      (request) => service.nearestEnd(actorOf(request)),
    );

    app.get(
      '/api/v1/edutech/user-license/check-validity',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          querystring: edutechCheckValidityQuerySchema,
          response: { 200: edutechValiditySchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.checkValidity(actorOf(request), request.query.productId),
    );

    app.get(
      '/api/v1/edutech/user-license/unlinked',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          summary:
            'Catalogue products colleagues at the school have in use that the teacher has not registered',
          response: { 200: z.array(edutechUnlinkedSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.unlinked(actorOf(request)),
    );

    app.post(
      '/api/v1/edutech/user-license',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          body: edutechLicenceInputSchema,
          response: { 201: edutechLicenceSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.registerLicence(actorOf(request), request.body)),
    );

    app.put(
      '/api/v1/edutech/user-license/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          params: edutechIdParamsSchema,
          body: edutechLicenceUpdateSchema,
          response: { 200: edutechLicenceSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.updateLicence(actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/v1/edutech/user-license/:id',
      {
        preHandler: teachersOnly,
        schema: {
          ...licences,
          params: edutechIdParamsSchema,
          response: { 200: z.object({ ok: z.literal(true) }), ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        await service.deleteLicence(actorOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    // ---- recommendations ----

    const rankingRoute = (
      path: string,
      summary: string,
      list: (actor: ReturnType<typeof actorOf>, size: number) => Promise<unknown>,
    ) =>
      app.get(
        `/api/v1/recommendation/${path}`,
        {
          preHandler: teachersOnly,
          schema: {
            ...recommendation,
            summary,
            querystring: recommendationQuerySchema,
            response: { 200: z.array(recommendedProductSchema), ...ERROR_RESPONSES },
          },
        },
        (request) => list(actorOf(request), request.query.size) as never,
      );
    rankingRoute('order-ranking', 'Products most teachers have registered', service.orderRanking);
    rankingRoute(
      'education-office-ranking',
      "Products most registered by teachers of the schools under the teacher's education office",
      service.officeRanking,
    );
    rankingRoute('new-goods', 'Products newest in the catalogue', service.newGoods);
    rankingRoute('popular-goods', 'Products teachers like most', service.popularGoods);

    app.get(
      '/api/v1/recommendation/goods/list',
      {
        preHandler: teachersOnly,
        schema: {
          ...recommendation,
          summary:
            'The strip: recommended for the teacher, liked by similar teachers, new — each with its reason',
          querystring: recommendationQuerySchema,
          response: { 200: recommendationStripSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.strip(actorOf(request), request.query.size),
    );

    // ---- vendors (ROLE_PROVIDER) ----

    app.get(
      '/api/v1/edutech/vendor/me',
      {
        preHandler: providersOnly,
        schema: { ...vendors, response: { 200: edutechVendorSchema, ...ERROR_RESPONSES } },
      },
      (request) => service.myVendor(actorOf(request)),
    );

    app.post(
      '/api/v1/edutech/vendor',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          summary: 'Registers the provider’s company (E_CONFLICT_003 when it is already registered)',
          body: edutechVendorInputSchema,
          response: { 201: edutechVendorSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.registerVendor(actorOf(request), request.body)),
    );

    app.put(
      '/api/v1/edutech/vendor/me',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          body: edutechVendorInputSchema.partial(),
          response: { 200: edutechVendorSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.updateVendor(actorOf(request), request.body),
    );

    app.post(
      '/api/v1/edutech/vendor/goods',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          summary: 'Lists a new product; teachers see it once the super administrator approves it',
          body: edutechVendorProductInputSchema,
          response: { 201: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.createProduct(actorOf(request), request.body)),
    );

    app.put(
      '/api/v1/edutech/vendor/goods/:id',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          params: edutechIdParamsSchema,
          body: edutechVendorProductUpdateSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.updateProduct(actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/v1/edutech/vendor/goods/:id',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          summary: 'Withdraws a product from the catalogue',
          params: edutechIdParamsSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.withdrawProduct(actorOf(request), request.params.id),
    );

    app.post(
      '/api/v1/edutech/vendor/goods/:id/images/:kind',
      {
        preHandler: providersOnly,
        schema: {
          ...vendors,
          summary: 'Sets the logo or the screenshot (PNG, JPEG, GIF or WebP; multipart field `image`)',
          consumes: ['multipart/form-data'],
          params: edutechImageParamsSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('E_UNSUPPORTED_MEDIA_TYPE');
        const part = await request.file({ limits: { fileSize: MAX_EDUTECH_IMAGE_BYTES + 1, files: 1 } });
        if (!part) throw new AppError('E_VALIDATION', { details: [{ path: 'image', message: 'image' }] });
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > MAX_EDUTECH_IMAGE_BYTES)
          throw new AppError('E_PAYLOAD_TOO_LARGE');
        return service.uploadImage(actorOf(request), request.params.id, request.params.kind, bytes);
      },
    );

    // ---- the super administrator's review ----

    app.get(
      '/api/v1/edutech/review',
      {
        preHandler: superAdminOnly,
        schema: { ...vendors, response: { 200: z.array(edutechProductDetailSchema), ...ERROR_RESPONSES } },
      },
      (request) => service.pendingProducts(actorOf(request)),
    );

    app.put(
      '/api/v1/edutech/review/:id',
      {
        preHandler: superAdminOnly,
        schema: {
          ...vendors,
          params: edutechIdParamsSchema,
          body: edutechReviewDecisionSchema,
          response: { 200: edutechProductDetailSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => service.reviewProduct(actorOf(request), request.params.id, request.body),
    );
  };
}
