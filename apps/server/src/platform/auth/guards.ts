import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, hasAnyRole, type Role } from '../../policies/actor.ts';
import { AppError } from '../errors/app-error.ts';
import type { TokenVerifier } from './token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const AUTHENTICATED_PREFIXES = [
  '/api/',
  '/openai/',
  '/generate/',
  '/realms/ssaem/protocol/openid-connect/userinfo',
];

/**
 * Reads the bearer token of API requests into `request.actor`. A missing token leaves the actor
 * empty (routes decide whether that is allowed); a present but invalid one is refused at once.
 */
export function registerAuthentication(app: FastifyInstance, verifier: TokenVerifier): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || !AUTHENTICATED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('E_UNAUTHORIZED');
    request.actor = await verifier.verify(match[1]);
    request.log = request.log.child({ userId: request.actor.userId });
  });
}

/** preHandler: a signed-in user is required. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!request.actor) throw new AppError('E_UNAUTHORIZED');
}

/** preHandler: a signed-in user holding one of the roles. */
export function withRoles(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.actor) throw new AppError('E_UNAUTHORIZED');
    if (!hasAnyRole(request.actor, roles)) throw new AppError('E_FORBIDDEN');
  };
}

/** Document tools, the library and My Materials are for teachers (and administrators); students are refused. */
export const teachersOnly = withRoles('ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN');

/** Service-wide settings (tool catalogue, system prompts, …) are the super administrator's alone. */
export const superAdminOnly = withRoles('ROLE_SUPER_ADMIN');

/** The actor of a request that passed `signedIn` or `withRoles`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('E_UNAUTHORIZED');
  return request.actor;
}
