import {
  codeSchema,
  createInvitationSchema,
  findIdSchema,
  foundIdsSchema,
  invitationCreatedSchema,
  invitationSchema,
  membershipRequestParamsSchema,
  membershipRequestQuerySchema,
  membershipRequestSchema,
  nameExistsQuerySchema,
  nameExistsSchema,
  parseTokenQuerySchema,
  profileUpdateSchema,
  schoolEmailDomainsSchema,
  schoolIdParamSchema,
  sendVerificationSchema,
  signupResultSchema,
  signupSchema,
  usersInfoSchema,
  verificationSentSchema,
  verifiedSchema,
  verifyCodeSchema,
} from '@ssaem/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn, withRoles } from '../../platform/auth/guards.ts';
import { ERROR_RESPONSES } from '../../platform/http/error-responses.ts';
import { type AuditService, auditContextOf } from '../admin/audit.service.ts';
import type { UsersService } from './users.service.ts';
import type { VerificationService } from './verification.service.ts';

// Public account endpoints are cheap to call and worth probing: cap them per client.
const publicLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function usersRoutes(
  users: UsersService,
  verification: VerificationService,
  audit: AuditService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['users'];
    const secured = { tags, security: [{ bearerAuth: [] }] };

    app.get(
      '/api/v1/users/info',
      {
        preHandler: signedIn,
        schema: {
          ...secured,
          summary: 'The signed-in user, school and licence',
          response: { 200: usersInfoSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.info(actorOf(request)),
    );

    app.put(
      '/api/v1/users/info',
      {
        preHandler: signedIn,
        schema: {
          ...secured,
          summary: 'Update my profile',
          body: profileUpdateSchema,
          response: { 200: usersInfoSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.updateProfile(actorOf(request), request.body),
    );

    app.post(
      '/api/v1/users/invitations',
      {
        preHandler: withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN'),
        schema: {
          ...secured,
          summary: 'Invitation link for a new account',
          body: createInvitationSchema,
          response: { 201: invitationCreatedSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.createInvitation(actorOf(request), request.body)),
    );

    const schoolAdmins = withRoles('ROLE_ADMIN', 'ROLE_SUPER_ADMIN');
    app.get(
      '/api/v1/users/school-requests',
      {
        preHandler: schoolAdmins,
        schema: {
          ...secured,
          summary: "Requests to join the administrator's school (a super administrator: any school)",
          querystring: membershipRequestQuerySchema,
          response: { 200: z.array(membershipRequestSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => users.membershipRequests(actorOf(request), request.query),
    );
    for (const [action, decision] of [
      ['approve', 'APPROVED'],
      ['reject', 'REJECTED'],
    ] as const) {
      app.post(
        `/api/v1/users/school-requests/:id/${action}`,
        {
          preHandler: schoolAdmins,
          schema: {
            ...secured,
            summary: `${action === 'approve' ? 'Approve' : 'Reject'} a request to join the school`,
            params: membershipRequestParamsSchema,
            response: { 200: membershipRequestSchema, ...ERROR_RESPONSES },
          },
        },
        async (request) => {
          const decided = await users.decideMembership(actorOf(request), request.params.id, decision);
          await audit.record(auditContextOf(request), {
            action: `membership.${action}`,
            targetType: 'user',
            targetId: decided.userId,
            targetLabel: `${decided.name} (${decided.username})`,
            schoolId: decided.schoolId,
            before: { status: 'PENDING' },
            after: { status: decided.status, school: decided.schoolName },
          });
          return decided;
        },
      );
    }
    app.get(
      '/api/v1/schools/:schoolId/email-domains',
      {
        preHandler: schoolAdmins,
        schema: {
          ...secured,
          summary: 'E-mail domains whose verified addresses join the school at sign-up without approval',
          params: schoolIdParamSchema,
          response: { 200: schoolEmailDomainsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.emailDomains(actorOf(request), request.params.schoolId),
    );
    app.put(
      '/api/v1/schools/:schoolId/email-domains',
      {
        preHandler: schoolAdmins,
        schema: {
          ...secured,
          summary: "Replace the school's e-mail domains",
          params: schoolIdParamSchema,
          body: schoolEmailDomainsSchema,
          response: { 200: schoolEmailDomainsSchema, ...ERROR_RESPONSES },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const before = await users.emailDomains(actor, request.params.schoolId);
        const after = await users.setEmailDomains(actor, request.params.schoolId, request.body.domains);
        await audit.record(auditContextOf(request), {
          action: 'school.email-domains',
          targetType: 'school',
          targetId: request.params.schoolId,
          schoolId: request.params.schoolId,
          before,
          after,
        });
        return after;
      },
    );

    app.get(
      '/api/v1/users/public/name-exists',
      {
        config: publicLimit,
        schema: {
          tags,
          querystring: nameExistsQuerySchema,
          response: { 200: nameExistsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.nameExists(request.query.username),
    );

    app.post(
      '/api/v1/users/public/send-verification',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'E-mail a 6-digit code',
          body: sendVerificationSchema,
          response: { 200: verificationSentSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => verification.sendCode(request.body.email, request.body.purpose),
    );

    app.post(
      '/api/v1/users/public/verification',
      {
        config: publicLimit,
        schema: {
          tags,
          summary: 'Check a code',
          body: verifyCodeSchema,
          response: { 200: verifiedSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => verification.verifyCode(request.body.email, request.body.purpose, request.body.code),
    );

    app.post(
      '/api/v1/users/public/signup',
      {
        config: publicLimit,
        schema: {
          tags,
          summary: 'Create a teacher account',
          body: signupSchema,
          response: { 201: signupResultSchema, ...ERROR_RESPONSES },
        },
      },
      async (request, reply) => reply.status(201).send(await users.signup(request.body)),
    );

    app.get(
      '/api/v1/users/public/signup/parse-token',
      {
        config: publicLimit,
        schema: {
          tags,
          summary: 'Read an invitation link',
          querystring: parseTokenQuerySchema,
          response: { 200: invitationSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.parseInvitation(request.query.token),
    );

    app.post(
      '/api/v1/users/public/find-id',
      {
        config: publicLimit,
        schema: {
          tags,
          summary: 'Usernames of a verified e-mail',
          body: findIdSchema,
          response: { 200: foundIdsSchema, ...ERROR_RESPONSES },
        },
      },
      (request) => users.findIds(request.body.email, request.body.verificationToken),
    );

    app.get(
      '/api/v1/users/public/school-grades/:schoolId',
      {
        schema: {
          tags,
          summary: "Grades of a school's level",
          params: schoolIdParamSchema,
          response: { 200: z.array(codeSchema), ...ERROR_RESPONSES },
        },
      },
      (request) => users.schoolGrades(request.params.schoolId),
    );
  };
}
