import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { isSchoolAdmin } from './classroom.policy.ts';

/** What the policy needs to know about a student record. */
export interface StudentRecordRecord {
  authorId: number;
  schoolId: number;
}

export type StudentRecordAction = 'view' | 'edit' | 'delete';

/**
 * Student records are PRIVATE to their author and the school's administrators, whatever any
 * sharing default says (DOMAIN.md "Privacy"): the author reads, edits and deletes; an
 * administrator of the school reads and deletes (to answer a parent or erase a pupil's data) but
 * does not rewrite a colleague's text. Nobody else, a super administrator included, sees them.
 */
export function canOnStudentRecord(
  actor: Actor,
  action: StudentRecordAction,
  record: StudentRecordRecord,
): boolean {
  if (actor.userId === record.authorId) return true;
  if (action === 'edit') return false;
  return isSchoolAdmin(actor, record.schoolId);
}

/** The records an actor may list, as a filter on `student_record`. */
export function studentRecordScope(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'studentRecord'>) => {
    const own = eb('studentRecord.authorId', '=', actor.userId);
    if (actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null) {
      return eb.or([own, eb('studentRecord.schoolId', '=', actor.schoolId)]);
    }
    return own;
  };
}

export function studentRecordAbilities(actor: Actor, record: StudentRecordRecord) {
  return {
    view: canOnStudentRecord(actor, 'view', record),
    edit: canOnStudentRecord(actor, 'edit', record),
    delete: canOnStudentRecord(actor, 'delete', record),
  };
}
