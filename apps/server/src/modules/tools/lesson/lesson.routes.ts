import {
  lessonAppendSchema,
  lessonInputSchema,
  lessonItemInputSchema,
  lessonItemSchema,
  lessonItemUpdateSchema,
  lessonResultSaveSchema,
  lessonResultSchema,
  lessonSectionInputSchema,
  lessonTypeContentQuerySchema,
  lessonUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teachersOnly } from '../../../platform/auth/guards.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { ERROR_RESPONSES } from '../../../platform/http/error-responses.ts';
import { GENERATED_IMAGE_FILE } from '../../../platform/storage/generated-images.ts';
import { formError, readToolForm } from '../tool-form.ts';
import { TOOL_SCHEMA, toolItemParams, toolItemRoutes } from '../tool-item.routes.ts';
import { itemResponseSchema } from '../tool-items.ts';
import type { LessonService } from './lesson.service.ts';

const BASE = '/api/v1/lesson';
const sectionParams = toolItemParams.extend({ sectionId: z.coerce.number().int().positive() });
const itemParams = toolItemParams.extend({ itemId: z.coerce.number().int().positive() });
const itemsUpdateSchema = z.object({
  items: z
    .array(
      lessonItemSchema
        .pick({ id: true })
        .extend(lessonItemUpdateSchema.pick({ title: true, content: true, minutes: true }).shape),
    )
    .min(1)
    .max(200),
});

/** document-tools.md §7 Lesson: create, append, sections and items, result, latest. */
export function lessonRoutes(service: LessonService): FastifyPluginAsyncZod {
  const lessonSchema = itemResponseSchema(lessonResultSchema);
  const respond = { 200: lessonSchema, ...ERROR_RESPONSES };
  return async (app) => {
    const secured = { preHandler: teachersOnly };
    app.post(
      BASE,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Create a lesson',
          body: lessonInputSchema,
          response: { 201: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { id } = await service.create(actorOf(request), request.body);
        return reply.status(201).send({ id });
      },
    );
    app.get(
      `${BASE}/images/:file`,
      {
        schema: {
          tags: ['tools'],
          summary: 'A lesson picture (its file name is the capability)',
          params: z.object({ file: z.string().regex(GENERATED_IMAGE_FILE) }),
          response: { 200: z.unknown().describe('image'), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => {
        const { bytes, type } = await service.image(request.params.file);
        return reply.type(type).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
      },
    );
    app.get(
      `${BASE}/latest/:n`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          params: z.object({ n: z.coerce.number().int().min(1).max(50) }),
          response: { 200: z.array(lessonSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => service.latest(actorOf(request), request.params.n),
    );
    app.post(
      `${BASE}/:id/append`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Make one part of the lesson again',
          params: toolItemParams,
          body: lessonAppendSchema,
          response: { 202: z.object({ id: z.number().int() }), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await service.append(actorOf(request), request.params.id, request.body)),
    );
    app.post(
      `${BASE}/:id/section`,
      {
        ...secured,
        schema: { ...TOOL_SCHEMA, params: toolItemParams, body: lessonSectionInputSchema, response: respond },
      },
      (request) => service.addSection(actorOf(request), request.params.id, request.body),
    );
    app.post(
      `${BASE}/:id/section/item`,
      {
        ...secured,
        schema: { ...TOOL_SCHEMA, params: toolItemParams, body: lessonItemInputSchema, response: respond },
      },
      (request) => service.addItem(actorOf(request), request.params.id, request.body),
    );
    app.get(
      `${BASE}/:id/section/item`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          params: toolItemParams,
          response: {
            200: z.array(lessonItemSchema.extend({ sectionId: z.number().int() })),
            ...ERROR_RESPONSES,
          },
        },
      },
      (request) => service.sectionItems(actorOf(request), request.params.id),
    );
    app.delete(
      `${BASE}/:id/section/item/:itemId`,
      { ...secured, schema: { ...TOOL_SCHEMA, params: itemParams, response: respond } },
      (request) => service.deleteItem(actorOf(request), request.params.id, request.params.itemId),
    );
    app.delete(
      `${BASE}/:id/typeContent`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Remove every item of one type (e.g. all pictures), in one section or the whole lesson',
          params: toolItemParams,
          querystring: lessonTypeContentQuerySchema,
          response: respond,
        },
      },
      (request) => service.deleteTypeContent(actorOf(request), request.params.id, request.query),
    );
    app.delete(
      `${BASE}/:id/section/:sectionId`,
      { ...secured, schema: { ...TOOL_SCHEMA, params: sectionParams, response: respond } },
      (request) => service.deleteSection(actorOf(request), request.params.id, request.params.sectionId),
    );
    app.put(
      `${BASE}/:id`,
      {
        ...secured,
        schema: { ...TOOL_SCHEMA, params: toolItemParams, body: lessonUpdateSchema, response: respond },
      },
      (request) => service.updateLesson(actorOf(request), request.params.id, request.body),
    );
    app.put(
      `${BASE}/:id/section/item/:itemId`,
      {
        ...secured,
        schema: { ...TOOL_SCHEMA, params: itemParams, body: lessonItemUpdateSchema, response: respond },
      },
      (request) =>
        service.updateItem(actorOf(request), request.params.id, request.params.itemId, request.body),
    );
    app.put(
      `${BASE}/:id/section/items`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save several items (JSON, or multipart with the items in `data`)',
          params: toolItemParams,
          response: respond,
        },
      },
      async (request) => {
        const form = await readToolForm(request, { maxFiles: 10 });
        if (form.files.length > 0) {
          throw new AppError('E_VALIDATION', {
            details: [
              {
                path: 'files',
                message: '그림은 수업 화면에서 항목별로 넣어 주세요. 이 요청은 글만 저장합니다.',
              },
            ],
          });
        }
        const parsed = itemsUpdateSchema.safeParse(form.input ?? {});
        if (!parsed.success) throw formError(parsed.error.issues);
        return service.updateItems(actorOf(request), request.params.id, parsed.data.items);
      },
    );
    app.post(
      `${BASE}/result`,
      {
        ...secured,
        schema: {
          ...TOOL_SCHEMA,
          summary: 'Save the edited lesson',
          body: lessonResultSaveSchema,
          response: respond,
        },
      },
      (request) => service.saveResult(actorOf(request), request.body),
    );
    await app.register(
      toolItemRoutes({
        base: BASE,
        getAliases: [`${BASE}/library/:id`],
        resultSchema: lessonResultSchema,
        items: service.items,
      }),
    );
  };
}
