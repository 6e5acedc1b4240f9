import { type Actor, hasAnyRole } from './actor.ts';

/**
 * The free trial is for the people who hold licences: teachers (and administrators, who teach).
 * Students and vendors use the service without a licence of their own.
 */
export function canStartTrial(actor: Actor): boolean {
  return hasAnyRole(actor, ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN']);
}
