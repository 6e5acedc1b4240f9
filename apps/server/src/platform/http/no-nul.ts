import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

const MAX_DEPTH = 64;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * No text a person types holds a NUL character, and PostgreSQL refuses one in text columns: a
 * path parameter, query or JSON body carrying one is refused as invalid input up front, on every
 * database alike, instead of failing deep inside a query.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError('E_VALIDATION');
    }
  });
}
