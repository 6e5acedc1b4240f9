import {
  codeSchema,
  createInvitationSchema,
  errorResponseSchema,
  findIdSchema,
  foundIdsSchema,
  invitationCreatedSchema,
  invitationSchema,
  nameExistsQuerySchema,
  nameExistsSchema,
  parseTokenQuerySchema,
  profileUpdateSchema,
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
import type { UsersService } from './users.service.ts';
import type { VerificationService } from './verification.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
// Public account endpoints are cheap to call and worth probing: cap them per client.
const publicLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function usersRoutes(users: UsersService, verification: VerificationService): FastifyPluginAsyncZod {
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
          response: { 200: usersInfoSchema, ...errors },
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
          response: { 200: usersInfoSchema, ...errors },
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
          response: { 201: invitationCreatedSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await users.createInvitation(actorOf(request), request.body)),
    );

    app.get(
      '/api/v1/users/public/name-exists',
      {
        config: publicLimit,
        schema: { tags, querystring: nameExistsQuerySchema, response: { 200: nameExistsSchema, ...errors } },
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
          response: { 200: verificationSentSchema, ...errors },
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
          response: { 200: verifiedSchema, ...errors },
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
          response: { 201: signupResultSchema, ...errors },
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
          response: { 200: invitationSchema, ...errors },
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
          response: { 200: foundIdsSchema, ...errors },
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
          response: { 200: z.array(codeSchema), ...errors },
        },
      },
      (request) => users.schoolGrades(request.params.schoolId),
    );
  };
}
