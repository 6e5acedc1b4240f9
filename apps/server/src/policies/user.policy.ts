import type { Actor } from './actor.ts';

export interface UserRecord {
  id: number;
  schoolId: number | null;
}

/**
 * Who may see another user's account data (licence, usage): the user, an administrator of the
 * same school, or a super administrator. Everyone else gets "not found".
 */
export function canViewUser(actor: Actor, user: UserRecord): boolean {
  if (actor.userId === user.id) return true;
  if (actor.roles.includes('ROLE_SUPER_ADMIN')) return true;
  return actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null && actor.schoolId === user.schoolId;
}

/** Who runs a school's membership (invitations, join requests, e-mail domains): its administrators and the super administrator. */
export function canAdministerSchool(actor: Actor, schoolId: number): boolean {
  if (actor.roles.includes('ROLE_SUPER_ADMIN')) return true;
  return actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null && actor.schoolId === schoolId;
}

/** Who may invite accounts into a school. */
export function canInviteTo(actor: Actor, schoolId: number): boolean {
  return canAdministerSchool(actor, schoolId);
}
