import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserPage,
  type AdminUserQuery,
  type AdminUserUpdate,
  ROLE_NAMES,
  type RoleName,
  type UserSession,
} from '@ssaem/contracts';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/auth/embedded-provider.ts';
import { denySessions } from '../../platform/auth/session-denylist.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { isRole } from '../../policies/actor.ts';
import {
  canGrantRoles,
  canManageUser,
  isSuperAdmin,
  SCHOOL_GRANTABLE_ROLES,
  userListScope,
} from '../../policies/admin-user.policy.ts';
import { parseRoles } from '../users/users.repository.ts';
import type { AdminUsersRepository } from './admin-users.repository.ts';
import type { AuditContext, AuditService } from './audit.service.ts';

type UserWithSchool = UserRow & { schoolName: string | null };

function present(row: UserWithSchool): AdminUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    title: row.title,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    roles: parseRoles(row).filter(isRole),
    enabled: Boolean(row.enabled),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The fields an audit entry compares, as the admin area shows them. */
function auditView(user: AdminUser) {
  return {
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    title: user.title,
    schoolId: user.schoolId,
    roles: user.roles,
    enabled: user.enabled,
  };
}

interface StoredSession {
  uid?: string;
  loginTs?: number;
  exp?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

function readSession(payload: string): StoredSession {
  try {
    return JSON.parse(payload) as StoredSession;
  } catch {
    return {};
  }
}

const iso = (seconds: number | undefined | null) =>
  seconds ? new Date(Number(seconds) * 1000).toISOString() : null;

export function createAdminUsersService(deps: {
  repository: AdminUsersRepository;
  audit: AuditService;
  db: Kysely<Database>;
}) {
  const { repository, audit } = deps;

  /** The account if the actor may manage it; "not found" otherwise. */
  async function managed(context: AuditContext, userId: number): Promise<UserWithSchool> {
    const row = await repository.findWithSchool(userId);
    if (!row || !canManageUser(context.actor, { id: row.id, schoolId: row.schoolId, roles: parseRoles(row) }))
      throw new AppError('E_NOT_FOUND');
    return row;
  }

  async function fresh(userId: number): Promise<AdminUser> {
    const row = await repository.findWithSchool(userId);
    if (!row) throw new AppError('E_NOT_FOUND');
    return present(row);
  }

  /** Nobody takes the service's last super administrator away, by roles or by disabling. */
  async function keepOneSuperAdmin(user: UserRow, losesIt: boolean) {
    if (!losesIt || !user.enabled || !parseRoles(user).includes('ROLE_SUPER_ADMIN')) return;
    if ((await repository.enabledSuperAdmins()) <= 1) throw new AppError('E_LAST_SUPER_ADMIN');
  }

  async function revokeEverything(user: UserRow): Promise<{ revoked: number; notBefore: string }> {
    const sessions = user.subject ? await repository.sessionsOf(user.subject) : [];
    const sids = sessions.map((s) => readSession(s.payload).uid).filter((uid): uid is string => Boolean(uid));
    // Tokens carry seconds: a token issued in this very second is refused too, never let through.
    const notBefore = Math.ceil(Date.now() / 1000);
    await repository.revokeAll(user.id, user.subject, notBefore);
    await denySessions(deps.db, sids, ACCESS_TOKEN_TTL_SECONDS);
    return { revoked: sessions.length, notBefore: new Date(notBefore * 1000).toISOString() };
  }

  return {
    async list(context: AuditContext, query: AdminUserQuery): Promise<AdminUserPage> {
      const scope = userListScope(context.actor, query.schoolId);
      if (!scope) return { items: [], total: 0, pageIndex: query.pageIndex, pageSize: query.pageSize };
      const { rows, total } = await repository.page({ ...query, ...scope });
      return { items: rows.map(present), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
    },

    async get(context: AuditContext, userId: number): Promise<AdminUser> {
      return present(await managed(context, userId));
    },

    roles(context: AuditContext) {
      return ROLE_NAMES.map((name) => ({ name, grantable: canGrantRoles(context.actor, [name]) }));
    },

    async create(context: AuditContext, input: AdminUserCreate): Promise<AdminUser> {
      const schoolId = isSuperAdmin(context.actor) ? (input.schoolId ?? null) : context.actor.schoolId;
      if (
        !isSuperAdmin(context.actor) &&
        (schoolId === null || (input.schoolId && input.schoolId !== schoolId))
      )
        throw new AppError('E_FORBIDDEN');
      if (schoolId !== null && !(await repository.schoolExists(schoolId)))
        throw new AppError('E_NOT_FOUND_001');
      if (await repository.findByUsername(input.username)) throw new AppError('E_CONFLICT_001');
      const now = new Date().toISOString();
      let created: UserRow;
      try {
        created = await repository.create({
          username: input.username,
          subject: randomUUID(),
          passwordHash: await hash(input.password),
          name: input.name,
          nickName: null,
          email: input.email?.toLowerCase() ?? null,
          mobile: input.mobile ?? null,
          profile: null,
          code: null,
          schoolId,
          roles: JSON.stringify([input.role]),
          assignedGrade: null,
          title: input.title ?? null,
          enabled: 1,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Two creations racing for one name: the unique index decides.
        if (await repository.findByUsername(input.username)) throw new AppError('E_CONFLICT_001');
        throw error;
      }
      const user = await fresh(created.id);
      await audit.record(context, {
        action: 'user.create',
        targetType: 'user',
        targetId: user.id,
        targetLabel: `${user.name} (${user.username})`,
        schoolId: user.schoolId,
        after: auditView(user),
      });
      return user;
    },

    async update(context: AuditContext, userId: number, input: AdminUserUpdate): Promise<AdminUser> {
      const row = await managed(context, userId);
      if (input.schoolId !== undefined && input.schoolId !== row.schoolId) {
        if (!isSuperAdmin(context.actor)) throw new AppError('E_FORBIDDEN');
        if (input.schoolId !== null && !(await repository.schoolExists(input.schoolId)))
          throw new AppError('E_NOT_FOUND_001');
      }
      const before = present(row);
      const changes = Object.fromEntries(
        Object.entries({ ...input, email: input.email?.toLowerCase() ?? input.email }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      await repository.update(userId, changes);
      const after = await fresh(userId);
      await audit.recordChanges(
        context,
        {
          action: 'user.update',
          targetType: 'user',
          targetId: userId,
          targetLabel: `${after.name} (${after.username})`,
          schoolId: after.schoolId,
        },
        auditView(before),
        auditView(after),
      );
      return after;
    },

    async setEnabled(context: AuditContext, userId: number, enabled: boolean): Promise<AdminUser> {
      const row = await managed(context, userId);
      if (row.id === context.actor.userId && !enabled) throw new AppError('E_FORBIDDEN');
      await keepOneSuperAdmin(row, !enabled);
      if (Boolean(row.enabled) === enabled) return present(row);
      await repository.update(userId, { enabled: enabled ? 1 : 0 });
      // A disabled account is signed out everywhere at once.
      if (!enabled) await revokeEverything(row);
      const after = await fresh(userId);
      await audit.record(context, {
        action: enabled ? 'user.enable' : 'user.disable',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${after.name} (${after.username})`,
        schoolId: after.schoolId,
        before: { enabled: Boolean(row.enabled) },
        after: { enabled },
      });
      return after;
    },

    async setRoles(context: AuditContext, userId: number, roles: RoleName[]): Promise<AdminUser> {
      const row = await managed(context, userId);
      const current = parseRoles(row);
      const next = [...new Set(roles)];
      const touched = [
        ...current.filter((r) => !next.includes(r as RoleName)),
        ...next.filter((r) => !current.includes(r)),
      ];
      if (!canGrantRoles(context.actor, touched)) throw new AppError('E_FORBIDDEN');
      await keepOneSuperAdmin(
        row,
        current.includes('ROLE_SUPER_ADMIN') && !next.includes('ROLE_SUPER_ADMIN'),
      );
      if (touched.length === 0) return present(row);
      await repository.update(userId, { roles: JSON.stringify(next) });
      // Roles travel in the access token: the old tokens are refused so the new roles apply at
      // once (the browser's next token, from its refresh token, carries them).
      await repository.revokeAll(userId, null, Math.ceil(Date.now() / 1000));
      const after = await fresh(userId);
      await audit.record(context, {
        action: 'user.roles',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${after.name} (${after.username})`,
        schoolId: after.schoolId,
        before: { roles: current },
        after: { roles: next },
      });
      return after;
    },

    async sessions(context: AuditContext, userId: number): Promise<UserSession[]> {
      const row = await managed(context, userId);
      if (!row.subject) return [];
      const sessions = await repository.sessionsOf(row.subject);
      return sessions
        .map((s) => {
          const payload = readSession(s.payload);
          return {
            id: payload.uid ?? s.id,
            signedInAt: iso(payload.loginTs),
            expiresAt: iso(s.expiresAt ?? payload.exp),
            clients: Object.keys(payload.authorizations ?? {}),
          };
        })
        .sort((a, b) => (b.signedInAt ?? '').localeCompare(a.signedInAt ?? ''));
    },

    async revokeSession(
      context: AuditContext,
      userId: number,
      sessionId: string,
    ): Promise<{ revoked: number; notBefore: null }> {
      const row = await managed(context, userId);
      const sessions = row.subject ? await repository.sessionsOf(row.subject) : [];
      const found = sessions.find((s) => (readSession(s.payload).uid ?? s.id) === sessionId);
      if (!found) throw new AppError('E_NOT_FOUND');
      const payload = readSession(found.payload);
      const grants = Object.values(payload.authorizations ?? {})
        .map((a) => a.grantId)
        .filter((g): g is string => Boolean(g));
      await repository.deleteSession(found.id, grants);
      await denySessions(deps.db, [sessionId], ACCESS_TOKEN_TTL_SECONDS);
      await audit.record(context, {
        action: 'user.session.revoke',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${row.name} (${row.username})`,
        schoolId: row.schoolId,
        before: { session: sessionId },
      });
      return { revoked: 1, notBefore: null };
    },

    async revokeAll(context: AuditContext, userId: number) {
      const row = await managed(context, userId);
      const result = await revokeEverything(row);
      await audit.record(context, {
        action: 'user.session.revoke-all',
        targetType: 'user',
        targetId: userId,
        targetLabel: `${row.name} (${row.username})`,
        schoolId: row.schoolId,
        after: { notBefore: result.notBefore, sessions: result.revoked },
      });
      return result;
    },

    grantableBySchool: SCHOOL_GRANTABLE_ROLES,
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
