import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.ts';

/**
 * Every multipart request counts against its user's upload allowance (per user, since a whole
 * school often shares one address; per address for anonymous requests), across all upload routes
 * together and on top of any route's own limit. Reading a file costs a reader process seconds of
 * CPU, so one account cannot queue up the readers for everyone.
 */
export function registerUploadRateLimit(app: FastifyInstance, perMinute: number): void {
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => (request.actor ? `uploads:${request.actor.userId}` : `uploads:${request.ip}`),
  });
  app.addHook('preHandler', async (request) => {
    if (!request.isMultipart()) return;
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('E_TOO_MANY_REQUESTS', { headers: { 'retry-after': String(result.ttlInSeconds) } });
    }
  });
}
