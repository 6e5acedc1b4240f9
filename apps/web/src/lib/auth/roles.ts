import type { RoleName } from '@ssaem/contracts/users';

/** The role claims of a Keycloak-shaped access token. */
export interface RoleClaims {
  realmRoles: string[];
  resourceRoles: Record<string, string[]>;
}

const NO_ROLES: RoleClaims = { realmRoles: [], resourceRoles: {} };

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The last token read and its claims: the menu asks for each item, with the same token. */
let lastRead: { token: string; claims: RoleClaims } | null = null;

/**
 * Reads realm_access.roles and resource_access[client].roles from a JWT access token. The
 * signature is the server's business; the browser only decides what to show.
 */
export function readRoleClaims(accessToken: string | null | undefined): RoleClaims {
  if (!accessToken) return NO_ROLES;
  if (lastRead?.token !== accessToken)
    lastRead = { token: accessToken, claims: decodeRoleClaims(accessToken) };
  return lastRead.claims;
}

function decodeRoleClaims(accessToken: string): RoleClaims {
  const payload = accessToken.split('.')[1];
  if (!payload) return NO_ROLES;
  try {
    const claims = decodeSegment(payload) as {
      realm_access?: { roles?: unknown };
      resource_access?: Record<string, { roles?: unknown }>;
    };
    const resourceRoles: Record<string, string[]> = {};
    for (const [client, access] of Object.entries(claims.resource_access ?? {})) {
      resourceRoles[client] = stringList(access?.roles);
    }
    return { realmRoles: stringList(claims.realm_access?.roles), resourceRoles };
  } catch {
    return NO_ROLES;
  }
}

/** core.md §6: the primary role, in the order super admin, admin, teacher, student. */
export const PRIMARY_ROLE_ORDER: readonly RoleName[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_TEACHER',
  'ROLE_STUDENT',
];

export function pickPrimaryRole(roles: readonly string[]): RoleName | null {
  return PRIMARY_ROLE_ORDER.find((role) => roles.includes(role)) ?? null;
}

/** The roles that may open teacher screens such as /dashboard. */
export const TEACHER_ROLES: readonly RoleName[] = ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'];
