import { describe, expect, it } from 'vitest';
import { type Actor, primaryRoleOf, type Role } from './actor.ts';
import { canManageGlobalSettings } from './global-settings.policy.ts';
import {
  canOnMaterial,
  type MaterialAction,
  type MaterialRecord,
  type Visibility,
} from './material.policy.ts';
import { canInviteTo, canViewUser } from './user.policy.ts';

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

const creator = actor(1, ['ROLE_TEACHER'], SCHOOL_A);
const sameSchool = actor(2, ['ROLE_TEACHER'], SCHOOL_A);
const otherSchool = actor(3, ['ROLE_TEACHER'], SCHOOL_B);
const student = actor(4, ['ROLE_STUDENT'], SCHOOL_A);
const admin = actor(5, ['ROLE_ADMIN', 'ROLE_TEACHER'], SCHOOL_A);
const superAdmin = actor(6, ['ROLE_SUPER_ADMIN'], null);
const otherAdmin = actor(7, ['ROLE_ADMIN', 'ROLE_TEACHER'], SCHOOL_B);

describe('primary role', () => {
  it('is taken in the order super admin, admin, teacher, student', () => {
    expect(primaryRoleOf(['ROLE_TEACHER', 'ROLE_ADMIN'])).toBe('ROLE_ADMIN');
    expect(primaryRoleOf(['ROLE_STUDENT', 'ROLE_TEACHER'])).toBe('ROLE_TEACHER');
    expect(primaryRoleOf(['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'])).toBe('ROLE_SUPER_ADMIN');
    expect(primaryRoleOf(['ROLE_PROVIDER'])).toBe('ROLE_PROVIDER');
    expect(primaryRoleOf([])).toBeNull();
  });
});

describe('material policy', () => {
  const material = (visibility: Visibility, editable = true): MaterialRecord => ({
    creatorId: creator.userId,
    schoolId: SCHOOL_A,
    visibility,
    editable,
  });
  const table: [string, Actor, Visibility, MaterialAction, boolean][] = [
    ['creator views private', creator, 'PRIVATE', 'view', true],
    ['same school views school', sameSchool, 'SCHOOL', 'view', true],
    ['other school cannot view school', otherSchool, 'SCHOOL', 'view', false],
    ['other school views public', otherSchool, 'PUBLIC', 'view', true],
    ['same school cannot view private', sameSchool, 'PRIVATE', 'view', false],
    ['admin of the school cannot view private', admin, 'PRIVATE', 'view', false],
    ['admin views school', admin, 'SCHOOL', 'view', true],
    ['super admin views private', superAdmin, 'PRIVATE', 'view', true],
    ['student of the school views school', student, 'SCHOOL', 'view', true],
    ['only the creator changes settings', sameSchool, 'PUBLIC', 'changeSettings', false],
    ['creator changes settings', creator, 'PRIVATE', 'changeSettings', true],
    ['admin cannot change settings', admin, 'SCHOOL', 'changeSettings', false],
    ['others cannot edit in place', sameSchool, 'PUBLIC', 'edit', false],
    ['others copy an editable public item', otherSchool, 'PUBLIC', 'copy', true],
    ['no copy of an item one cannot see', otherSchool, 'SCHOOL', 'copy', false],
    ['admin deletes a school item', admin, 'SCHOOL', 'delete', true],
    ['admin deletes a public item of their school', admin, 'PUBLIC', 'delete', true],
    ['admin of another school cannot delete a public item', otherAdmin, 'PUBLIC', 'delete', false],
    ['admin of another school cannot see a school item', otherAdmin, 'SCHOOL', 'view', false],
    ['admin cannot delete a private item of their school', admin, 'PRIVATE', 'delete', false],
    ['teacher cannot delete another teacher item', sameSchool, 'PUBLIC', 'delete', false],
    ['super admin removes a private item', superAdmin, 'PRIVATE', 'delete', true],
    ['super admin does not copy a private item', superAdmin, 'PRIVATE', 'copy', false],
    ['super admin does not like or file a private item', superAdmin, 'PRIVATE', 'use', false],
    ['super admin does not like a school item', superAdmin, 'SCHOOL', 'use', false],
    ['super admin likes a public item', superAdmin, 'PUBLIC', 'use', true],
    ['same school likes a school item', sameSchool, 'SCHOOL', 'use', true],
    ['other school cannot like a school item', otherSchool, 'SCHOOL', 'use', false],
  ];
  it.each(table)('%s', (_name, who, visibility, action, expected) => {
    expect(canOnMaterial(who, action, material(visibility))).toBe(expected);
  });

  it('refuses a copy of a non-editable item to everyone but the creator', () => {
    expect(canOnMaterial(sameSchool, 'copy', material('PUBLIC', false))).toBe(false);
    expect(canOnMaterial(creator, 'copy', material('PUBLIC', false))).toBe(true);
  });
});

describe('global settings policy', () => {
  it('is the super administrator alone', () => {
    expect(canManageGlobalSettings(superAdmin)).toBe(true);
    expect(canManageGlobalSettings(admin)).toBe(false);
    expect(canManageGlobalSettings(creator)).toBe(false);
    expect(canManageGlobalSettings(student)).toBe(false);
  });
});

describe('user policy', () => {
  const teacherRecord = { id: creator.userId, schoolId: SCHOOL_A };
  it('lets users see themselves, school admins their school, super admins everyone', () => {
    expect(canViewUser(creator, teacherRecord)).toBe(true);
    expect(canViewUser(admin, teacherRecord)).toBe(true);
    expect(canViewUser(superAdmin, teacherRecord)).toBe(true);
    expect(canViewUser(sameSchool, teacherRecord)).toBe(false);
    expect(canViewUser(student, teacherRecord)).toBe(false);
    expect(canViewUser(actor(9, ['ROLE_ADMIN'], SCHOOL_B), teacherRecord)).toBe(false);
  });

  it('lets school admins invite only to their school', () => {
    expect(canInviteTo(admin, SCHOOL_A)).toBe(true);
    expect(canInviteTo(admin, SCHOOL_B)).toBe(false);
    expect(canInviteTo(creator, SCHOOL_A)).toBe(false);
    expect(canInviteTo(superAdmin, SCHOOL_B)).toBe(true);
  });
});
