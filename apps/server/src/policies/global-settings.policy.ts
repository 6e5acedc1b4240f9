import type { Actor } from './actor.ts';

/**
 * Service-wide settings — the tool catalogue, the system prompts, licence plans, partner clients,
 * service notices — are the super administrator's alone: a school administrator's power stops at
 * their own school, and these settings reach every school.
 */
export function canManageGlobalSettings(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SUPER_ADMIN');
}
