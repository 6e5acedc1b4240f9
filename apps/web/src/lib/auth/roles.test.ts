import { describe, expect, it } from 'vitest';
import { pickPrimaryRole, readRoleClaims } from './roles';

function jwt(payload: object): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'RS256' })}.${encode(payload)}.signature`;
}

describe('role claims', () => {
  it('reads realm and client roles from a Keycloak-shaped access token', () => {
    const token = jwt({
      name: '김하늘',
      realm_access: { roles: ['ROLE_TEACHER', 'offline_access'] },
      resource_access: { 'ssaem-web': { roles: ['reviewer'] } },
    });
    expect(readRoleClaims(token)).toEqual({
      realmRoles: ['ROLE_TEACHER', 'offline_access'],
      resourceRoles: { 'ssaem-web': ['reviewer'] },
    });
  });

  it('answers no roles for a missing or malformed token', () => {
    expect(readRoleClaims(null).realmRoles).toEqual([]);
    expect(readRoleClaims('not-a-jwt').realmRoles).toEqual([]);
    expect(readRoleClaims('a.%%%.c').realmRoles).toEqual([]);
  });

  it('picks the primary role in the order super admin, admin, teacher, student', () => {
    expect(pickPrimaryRole(['ROLE_STUDENT', 'ROLE_TEACHER'])).toBe('ROLE_TEACHER');
    expect(pickPrimaryRole(['ROLE_TEACHER', 'ROLE_ADMIN'])).toBe('ROLE_ADMIN');
    expect(pickPrimaryRole(['ROLE_ADMIN', 'ROLE_SUPER_ADMIN'])).toBe('ROLE_SUPER_ADMIN');
    expect(pickPrimaryRole(['ROLE_STUDENT'])).toBe('ROLE_STUDENT');
    expect(pickPrimaryRole(['ROLE_PROVIDER'])).toBeNull();
  });
});
