export const ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_TEACHER',
  'ROLE_STUDENT',
  'ROLE_PROVIDER',
] as const;
export type Role = (typeof ROLES)[number];

/** The order in which the primary role is chosen (core.md §6). */
const PRIMARY_ORDER: Role[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_TEACHER',
  'ROLE_STUDENT',
  'ROLE_PROVIDER',
];

/** Who is asking: the signed-in user as the policies see them. */
export interface Actor {
  userId: number;
  subject: string;
  username: string;
  name: string;
  roles: Role[];
  primaryRole: Role | null;
  schoolId: number | null;
  sid: string | null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function primaryRoleOf(roles: readonly string[]): Role | null {
  return PRIMARY_ORDER.find((role) => roles.includes(role)) ?? null;
}

export function hasAnyRole(actor: Actor, roles: readonly Role[]): boolean {
  return roles.some((role) => actor.roles.includes(role));
}

export function isAdmin(actor: Actor): boolean {
  return hasAnyRole(actor, ['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']);
}
