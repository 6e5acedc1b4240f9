import {
  adminUserCreateSchema,
  adminUserEnabledSchema,
  adminUserPageSchema,
  adminUserParamsSchema,
  adminUserQuerySchema,
  adminUserRolesSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  auditPageSchema,
  auditQuerySchema,
  roleInfoSchema,
  sessionsRevokedSchema,
  userSessionParamsSchema,
  userSessionSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { superAdminOnly, withRoles } from '../../platform/auth/guards.ts';
import { sendSheet } from '../../platform/excel/sheet-reply.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import type { AdminUsersService } from './admin-users.service.ts';
import { type AuditService, auditContextOf } from './audit.service.ts';

const schoolAdmins = withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN');

/** The admin area's people: accounts of the administrator's school (any, for the super administrator), and the audit log. */
export function adminUsersRoutes(users: AdminUsersService, audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags: ['admin'], security: [{ bearerAuth: [] }] };
    const user = { 200: adminUserSchema, ...ERROR_RESPONSES };

    app.get(
      '/api/v1/users',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: "Search accounts (a school administrator: their school's teachers and students)",
          querystring: adminUserQuerySchema,
          response: { 200: adminUserPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.list(auditContextOf(request), request.query),
    );

    app.post(
      '/api/v1/users',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'Create an account',
          body: adminUserCreateSchema,
          response: { 201: adminUserSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.create(auditContextOf(request), request.body)),
    );

    app.get(
      '/api/v1/users/:userId',
      {
        preHandler: schoolAdmins,
        schema: { ...schema, summary: 'One account', params: adminUserParamsSchema, response: user },
      },
      (request) => users.get(auditContextOf(request), request.params.userId),
    );

    app.put(
      '/api/v1/users/:userId',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'Update an account',
          params: adminUserParamsSchema,
          body: adminUserUpdateSchema,
          response: user,
        },
      },
      (request) => users.update(auditContextOf(request), request.params.userId, request.body),
    );

    app.put(
      '/api/v1/users/:userId/enabled',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'Enable or disable an account (disabling signs it out everywhere)',
          params: adminUserParamsSchema,
          body: adminUserEnabledSchema,
          response: user,
        },
      },
      (request) => users.setEnabled(auditContextOf(request), request.params.userId, request.body.enabled),
    );

    app.put(
      '/api/v1/users/:userId/roles',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: "Replace an account's roles (administrator roles: the super administrator only)",
          params: adminUserParamsSchema,
          body: adminUserRolesSchema,
          response: user,
        },
      },
      (request) => users.setRoles(auditContextOf(request), request.params.userId, request.body.roles),
    );

    app.get(
      '/api/v1/users/:userId/sessions',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: "An account's sign-in sessions",
          params: adminUserParamsSchema,
          response: { 200: z.array(userSessionSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => users.sessions(auditContextOf(request), request.params.userId),
    );

    app.delete(
      '/api/v1/users/:userId/sessions/:sessionId',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'End one sign-in session',
          params: userSessionParamsSchema,
          response: { 200: sessionsRevokedSchema, ...ERROR_RESPONSES },
        },
      },
      (request) =>
        users.revokeSession(auditContextOf(request), request.params.userId, request.params.sessionId),
    );

    app.post(
      '/api/v1/users/:userId/not-before',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'End every session: tokens issued before now are refused on every instance',
          params: adminUserParamsSchema,
          response: { 200: sessionsRevokedSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.revokeAll(auditContextOf(request), request.params.userId),
    );

    app.get(
      '/api/v1/roles',
      {
        preHandler: schoolAdmins,
        schema: {
          ...schema,
          summary: 'The roles, and which of them the caller may grant',
          response: { 200: z.array(roleInfoSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => users.roles(auditContextOf(request)),
    );

    app.get(
      '/api/v1/admin/audit-log',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: "Administrators' actions: who, what, before and after, when, from where",
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => audit.page(request.query),
    );

    app.get(
      '/api/v1/admin/audit-log/export',
      {
        preHandler: superAdminOnly,
        schema: {
          ...schema,
          summary: 'The audit log as .xlsx',
          querystring: auditQuerySchema,
          response: { 200: z.any(), ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        sendSheet(reply, await audit.exportSheet(request.query), '관리 작업 기록.xlsx'),
    );
  };
}
