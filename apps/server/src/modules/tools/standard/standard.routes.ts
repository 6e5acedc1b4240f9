import {
  STANDARD_TOOL_MAX_FILES,
  standardToolInputSchema,
  standardToolResultSchema,
  standardToolUpdateSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formToolRoutes } from '../form-tool.routes.ts';
import type { StandardService } from './standard.service.ts';

const BASE = '/api/v1/standard';

/** The standards tool (STANDARD): create (the spec's `POST standard create`), list, get, save, re-create, delete, copy. */
export function standardRoutes(service: StandardService): FastifyPluginAsyncZod {
  return formToolRoutes({
    base: BASE,
    createPaths: [BASE, `${BASE}/create`],
    summary: 'Map a plan onto achievement standards (JSON, or multipart inputDto + files)',
    maxFiles: STANDARD_TOOL_MAX_FILES,
    inputSchema: standardToolInputSchema,
    resultSchema: standardToolResultSchema,
    updateSchema: standardToolUpdateSchema,
    service,
  });
}
