import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the routes' zod schemas: /api/docs and /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ssaem API',
        description:
          'Ssaem (쌤): AI assistant, document tools and shared library for school teachers.\n\n' +
          'Updates (PUT) patch: a field left out of the body keeps its value; a nullable field sent ' +
          'as null is cleared. Errors are `{ code, message, details? }` with a code from the catalogue ' +
          'and the message in the language of Accept-Language (Korean by default).',
        version: '0.1.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs page follows the product's policy: nothing from other origins, no validator badge.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*validator\.swagger\.io/g, '')
        .replace(/\s*https:/g, '')
        .replace(/\s*upgrade-insecure-requests;?/g, ''),
    uiConfig: { deepLinking: true, validatorUrl: null },
  });
}
