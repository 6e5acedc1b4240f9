import { describe, expect, it } from 'vitest';
import { type Actor, primaryRoleOf, type Role } from './actor.ts';
import {
  type ClassroomAction,
  canAssignHomeroom,
  canCreateClassroomIn,
  canOnClassroom,
} from './classroom.policy.ts';
import { canOnStudentRecord, type StudentRecordAction } from './student-record.policy.ts';

const SCHOOL_A = 1;
const SCHOOL_B = 2;

function actor(userId: number, roles: Role[], schoolId: number | null): Actor {
  return {
    userId,
    subject: `s${userId}`,
    username: `u${userId}`,
    name: 'n',
    roles,
    primaryRole: primaryRoleOf(roles),
    schoolId,
    sid: null,
  };
}

const homeroom = actor(1, ['ROLE_TEACHER'], SCHOOL_A);
const colleague = actor(2, ['ROLE_TEACHER'], SCHOOL_A);
const otherSchool = actor(3, ['ROLE_TEACHER'], SCHOOL_B);
const student = actor(4, ['ROLE_STUDENT'], SCHOOL_A);
const admin = actor(5, ['ROLE_ADMIN', 'ROLE_TEACHER'], SCHOOL_A);
const otherAdmin = actor(6, ['ROLE_ADMIN'], SCHOOL_B);
const superAdmin = actor(7, ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'], null);
const movedAway = actor(1, ['ROLE_TEACHER'], SCHOOL_B);

describe('classroom policy', () => {
  const classroom = { schoolId: SCHOOL_A, homeroomTeacherId: homeroom.userId };
  const table: [string, Actor, ClassroomAction, boolean][] = [
    ['homeroom teacher views', homeroom, 'view', true],
    ['homeroom teacher manages students', homeroom, 'manageStudents', true],
    ['homeroom teacher writes records', homeroom, 'writeRecords', true],
    ['colleague cannot view', colleague, 'view', false],
    ['other school cannot view', otherSchool, 'view', false],
    ['student cannot view', student, 'view', false],
    ['school admin edits', admin, 'edit', true],
    ['school admin writes records', admin, 'writeRecords', true],
    ['other school admin cannot view', otherAdmin, 'view', false],
    ['super admin views', superAdmin, 'view', true],
    ['super admin does not write records', superAdmin, 'writeRecords', false],
    ['a teacher who moved school loses the class', movedAway, 'view', false],
  ];
  it.each(table)('%s', (_name, who, action, expected) => {
    expect(canOnClassroom(who, action, classroom)).toBe(expected);
  });

  it('lets teachers open classes in their school, administrators assign homeroom teachers', () => {
    expect(canCreateClassroomIn(homeroom, SCHOOL_A)).toBe(true);
    expect(canCreateClassroomIn(homeroom, SCHOOL_B)).toBe(false);
    expect(canCreateClassroomIn(student, SCHOOL_A)).toBe(false);
    expect(canCreateClassroomIn(superAdmin, SCHOOL_B)).toBe(true);
    expect(canAssignHomeroom(homeroom, SCHOOL_A)).toBe(false);
    expect(canAssignHomeroom(admin, SCHOOL_A)).toBe(true);
    expect(canAssignHomeroom(admin, SCHOOL_B)).toBe(false);
  });
});

describe('student record policy', () => {
  const record = { authorId: homeroom.userId, schoolId: SCHOOL_A };
  const table: [string, Actor, StudentRecordAction, boolean][] = [
    ['author edits', homeroom, 'edit', true],
    ['author deletes', homeroom, 'delete', true],
    ['colleague cannot view', colleague, 'view', false],
    ['school admin views', admin, 'view', true],
    ['school admin cannot rewrite', admin, 'edit', false],
    ['school admin deletes', admin, 'delete', true],
    ['other school admin cannot view', otherAdmin, 'view', false],
    ['super admin cannot view', superAdmin, 'view', false],
    ['student cannot view', student, 'view', false],
  ];
  it.each(table)('%s', (_name, who, action, expected) => {
    expect(canOnStudentRecord(who, action, record)).toBe(expected);
  });
});
