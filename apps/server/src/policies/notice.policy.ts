import type { Actor } from './actor.ts';

/** What the policy needs to know about a notice. */
export interface NoticeRecord {
  scope: 'SERVICE' | 'SCHOOL';
  schoolId: number | null;
}

/**
 * Service-wide notices are for everyone, visitors included; a school's notices are for its own
 * members (teachers, students, administrators) and the super administrator. The super
 * administrator writes the service's notices; a school's administrators write and keep that
 * school's (any of them, not only the one who wrote it: the school office shares the board), and
 * the super administrator may remove one that breaks the rules.
 */
export function canReadNotice(actor: Actor | null, notice: NoticeRecord): boolean {
  if (notice.scope === 'SERVICE') return true;
  if (!actor) return false;
  if (actor.roles.includes('ROLE_SUPER_ADMIN')) return true;
  return actor.schoolId !== null && actor.schoolId === notice.schoolId;
}

/** Who may post to a board: the service's (`schoolId` null) or one school's. */
export function canPostNotice(actor: Actor, notice: NoticeRecord): boolean {
  if (notice.scope === 'SERVICE') return actor.roles.includes('ROLE_SUPER_ADMIN');
  return actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null && actor.schoolId === notice.schoolId;
}

export function canEditNotice(actor: Actor, notice: NoticeRecord): boolean {
  return canPostNotice(actor, notice);
}

export function canDeleteNotice(actor: Actor, notice: NoticeRecord): boolean {
  return canPostNotice(actor, notice) || actor.roles.includes('ROLE_SUPER_ADMIN');
}
