import type { Actor, Role } from './actor.ts';

export interface ManagedUser {
  id: number;
  schoolId: number | null;
  roles: readonly string[];
}

const STAFF_ROLES: readonly string[] = ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN', 'ROLE_PROVIDER'];

/** The roles a school administrator may give: teacher and student, nothing that reaches beyond the school. */
export const SCHOOL_GRANTABLE_ROLES: readonly Role[] = ['ROLE_TEACHER', 'ROLE_STUDENT'];

export function isSuperAdmin(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SUPER_ADMIN');
}

/**
 * Who sees and changes an account in the admin area: the super administrator any account; a
 * school administrator their own school's teachers and students (not other administrators,
 * providers or anyone elsewhere — those are "not found").
 */
export function canManageUser(actor: Actor, user: ManagedUser): boolean {
  if (isSuperAdmin(actor)) return true;
  if (!actor.roles.includes('ROLE_ADMIN') || actor.schoolId === null) return false;
  if (user.schoolId !== actor.schoolId) return false;
  return !user.roles.some((role) => STAFF_ROLES.includes(role));
}

/** Whether the actor may give (or take away) each of these roles. Only the super administrator grants administrator roles. */
export function canGrantRoles(actor: Actor, roles: readonly string[]): boolean {
  if (isSuperAdmin(actor)) return true;
  return roles.every((role) => (SCHOOL_GRANTABLE_ROLES as readonly string[]).includes(role));
}

/** The school a list is limited to: a school administrator's own; a super administrator's choice (or all). */
export function userListScope(
  actor: Actor,
  requested: number | undefined,
): { schoolId?: number; staffHidden: boolean } | null {
  if (isSuperAdmin(actor))
    return requested === undefined ? { staffHidden: false } : { schoolId: requested, staffHidden: false };
  if (!actor.roles.includes('ROLE_ADMIN') || actor.schoolId === null) return null;
  if (requested !== undefined && requested !== actor.schoolId) return null;
  return { schoolId: actor.schoolId, staffHidden: true };
}
