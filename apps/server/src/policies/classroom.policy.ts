import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type Actor, hasAnyRole } from './actor.ts';

/** What the policy needs to know about a class. */
export interface ClassroomRecord {
  schoolId: number;
  homeroomTeacherId: number | null;
}

export type ClassroomAction = 'view' | 'edit' | 'delete' | 'manageStudents' | 'writeRecords';

function isSuperAdmin(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SUPER_ADMIN');
}

/** An administrator of this school (a super administrator is not one unless the school is theirs). */
export function isSchoolAdmin(actor: Actor, schoolId: number | null): boolean {
  return actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null && actor.schoolId === schoolId;
}

function isHomeroomTeacher(actor: Actor, classroom: ClassroomRecord): boolean {
  return (
    hasAnyRole(actor, ['ROLE_TEACHER', 'ROLE_ADMIN']) &&
    classroom.homeroomTeacherId === actor.userId &&
    actor.schoolId === classroom.schoolId
  );
}

/**
 * Classes and rosters (core.md §1): the homeroom teacher sees and changes their own classes, a
 * school administrator every class of their school, a super administrator every class (to set
 * schools up). Writing student records is for the homeroom teacher and the school's
 * administrators only: pupils' records belong to their school. Everyone else gets "not found".
 */
export function canOnClassroom(actor: Actor, action: ClassroomAction, classroom: ClassroomRecord): boolean {
  const own = isHomeroomTeacher(actor, classroom) || isSchoolAdmin(actor, classroom.schoolId);
  if (action === 'writeRecords') return own;
  return own || isSuperAdmin(actor);
}

/** Who may open a class in a school: its teachers and administrators, or a super administrator. */
export function canCreateClassroomIn(actor: Actor, schoolId: number): boolean {
  if (isSuperAdmin(actor)) return true;
  return hasAnyRole(actor, ['ROLE_TEACHER', 'ROLE_ADMIN']) && actor.schoolId === schoolId;
}

/** Administrators choose (and change) a class's homeroom teacher; a teacher's class stays theirs. */
export function canAssignHomeroom(actor: Actor, schoolId: number): boolean {
  return isSuperAdmin(actor) || isSchoolAdmin(actor, schoolId);
}

/** The classes an actor may list, as a filter on `classroom` (an empty OR matches nothing). */
export function classroomScope(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'classroom'>) => {
    if (isSuperAdmin(actor)) return eb.and([]);
    const filters: ReturnType<typeof eb.and>[] = [];
    if (hasAnyRole(actor, ['ROLE_TEACHER', 'ROLE_ADMIN']) && actor.schoolId !== null) {
      filters.push(
        eb.and([
          eb('classroom.homeroomTeacherId', '=', actor.userId),
          eb('classroom.schoolId', '=', actor.schoolId),
        ]),
      );
    }
    if (actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null) {
      filters.push(eb.and([eb('classroom.schoolId', '=', actor.schoolId)]));
    }
    return eb.or(filters);
  };
}

export function classroomAbilities(actor: Actor, classroom: ClassroomRecord) {
  return {
    view: canOnClassroom(actor, 'view', classroom),
    edit: canOnClassroom(actor, 'edit', classroom),
    delete: canOnClassroom(actor, 'delete', classroom),
    manageStudents: canOnClassroom(actor, 'manageStudents', classroom),
  };
}
