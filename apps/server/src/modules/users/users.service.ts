import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Code, MembershipRequest, SignupInput, UsersInfo } from '@ssaem/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { type Actor, isRole, primaryRoleOf } from '../../policies/actor.ts';
import { canAdministerSchool, canInviteTo } from '../../policies/user.policy.ts';
import type { LicencesService } from '../licences/licences.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type { SchoolMembershipRepository } from './school-membership.repository.ts';
import type { UsersRepository } from './users.repository.ts';
import type { VerificationService } from './verification.service.ts';

const INVITE_AUDIENCE = 'ssaem-invite';
const INVITE_TTL_SECONDS = 14 * 24 * 3600;

interface UsersServiceDeps {
  users: UsersRepository;
  membership: SchoolMembershipRepository;
  mailer: Mailer;
  reference: ReferenceService;
  licences: LicencesService;
  verification: VerificationService;
  inviteSecret: () => Promise<Uint8Array>;
  publicUrl: string;
  /** False when an external identity provider owns the accounts. */
  localAccounts: boolean;
}

/** "teacher2" → "te*****2": enough to recognise, not enough to harvest. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username[0] ?? ''}${'*'.repeat(Math.max(0, username.length - 1))}`;
  return `${username.slice(0, 2)}${'*'.repeat(username.length - 3)}${username.slice(-1)}`;
}

export function createUsersService(deps: UsersServiceDeps) {
  async function pendingSchoolOf(userId: number, schoolId: number | null) {
    if (schoolId !== null) return null;
    const request = await deps.membership.pendingOf(userId);
    return request ? { id: request.schoolId, name: request.schoolName } : null;
  }

  /** A request waits for people who may not look at the admin page today: tell them by mail. */
  async function tellSchoolAdmins(schoolId: number, schoolName: string, applicant: string): Promise<void> {
    for (const to of await deps.membership.adminEmailsOf(schoolId)) {
      await deps.mailer.send({
        to,
        subject: `[쌤] ${schoolName} 가입 승인 요청`,
        body: `${applicant} 님이 ${schoolName} 소속으로 가입을 요청했습니다.\n${deps.publicUrl} 에 로그인해 학교 관리 메뉴의 가입 요청에서 승인하거나 거절해 주세요.`,
      });
    }
  }

  async function gradesOfLevel(levelCodeSeq: number | null): Promise<Code[]> {
    if (!levelCodeSeq) return [];
    return deps.reference.listCodes({ groupCode: 'GRADE', parentSeq: levelCodeSeq });
  }

  async function schoolInfo(
    schoolId: number | null,
    assignedGrade: number | null,
  ): Promise<UsersInfo['schoolInfo']> {
    if (!schoolId) return null;
    const school = await deps.reference.findSchool(schoolId);
    if (!school) return null;
    const grades = await gradesOfLevel(school.levelCodeSeq);
    const subjects: Record<string, Code[]> = {};
    for (const grade of grades) {
      subjects[String(grade.codeSeq)] = await deps.reference.listCodes({
        groupCode: 'SUBJECT',
        parentSeq: grade.codeSeq,
      });
    }
    return {
      id: school.id,
      name: school.name,
      engName: school.engName,
      level: school.level,
      levelCodeSeq: school.levelCodeSeq,
      assignedGrade,
      grades,
      subjects,
    };
  }

  async function invitationClaims(token: string) {
    try {
      const { payload } = await jwtVerify(token, await deps.inviteSecret(), { audience: INVITE_AUDIENCE });
      const schoolId = Number(payload.schoolId);
      const role = String(payload.role);
      if (typeof payload.email !== 'string' || !schoolId || !isRole(role)) throw new Error('incomplete');
      return {
        email: payload.email,
        schoolId,
        role,
        expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
      };
    } catch {
      throw new AppError('E_NOT_FOUND');
    }
  }

  return {
    async info(actor: Actor): Promise<UsersInfo> {
      const user = await deps.users.findById(actor.userId);
      if (!user) throw new AppError('E_UNAUTHORIZED');
      const roles = actor.roles;
      return {
        userInfo: {
          userId: user.id,
          preferredUsername: user.username,
          email: user.email,
          mobile: user.mobile,
          name: user.name,
          nickName: user.nickName,
          profile: user.profile,
          code: user.code,
          title: user.title,
          roles,
          primaryRole: primaryRoleOf(roles),
          createdAt: user.createdAt,
        },
        schoolInfo: await schoolInfo(user.schoolId, user.assignedGrade),
        licenseInfo: await deps.licences.licenceInfo(user.id),
        pendingSchool: await pendingSchoolOf(user.id, user.schoolId),
      };
    },

    async updateProfile(
      actor: Actor,
      changes: {
        name?: string | undefined;
        nickName?: string | null | undefined;
        mobile?: string | null | undefined;
        profile?: string | null | undefined;
        title?: string | null | undefined;
        assignedGrade?: number | null | undefined;
      },
    ): Promise<UsersInfo> {
      if (changes.assignedGrade) {
        const user = await deps.users.findById(actor.userId);
        const school = user?.schoolId ? await deps.reference.findSchool(user.schoolId) : undefined;
        const grades = await gradesOfLevel(school?.levelCodeSeq ?? null);
        if (!grades.some((grade) => grade.codeSeq === changes.assignedGrade)) {
          throw new AppError('E_VALIDATION', {
            details: [{ path: 'body.assignedGrade', message: '학교급에 맞는 학년을 선택해 주세요.' }],
          });
        }
      }
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await deps.users.updateProfile(actor.userId, defined);
      return this.info(actor);
    },

    async nameExists(username: string) {
      return { exists: Boolean(await deps.users.findByUsername(username)) };
    },

    async signup(input: SignupInput) {
      if (!deps.localAccounts) throw new AppError('E_FORBIDDEN');
      const invitation = input.inviteToken ? await invitationClaims(input.inviteToken) : undefined;
      if (invitation && invitation.email.toLowerCase() !== input.email.toLowerCase())
        throw new AppError('E_FORBIDDEN');
      const schoolId = invitation?.schoolId ?? input.schoolId;
      const school = await deps.reference.findSchool(schoolId);
      if (!school) throw new AppError('E_NOT_FOUND_001');
      if (await deps.users.findByUsername(input.username)) throw new AppError('E_CONFLICT_001');
      // The code proves the address; the address proves the school only at a domain it lists.
      await deps.verification.spendToken(input.email, 'SIGNUP', input.verificationToken);
      const domain = input.email.toLowerCase().split('@')[1] ?? '';
      const isMember = Boolean(invitation) || (await deps.membership.isDomainListed(school.id, domain));
      const role = invitation?.role ?? 'ROLE_TEACHER';
      const now = new Date().toISOString();
      try {
        const user = await deps.users.createUser({
          username: input.username,
          subject: randomUUID(),
          passwordHash: await hash(input.password),
          name: input.name,
          nickName: null,
          email: input.email.toLowerCase(),
          mobile: input.mobile ?? null,
          profile: null,
          code: null,
          schoolId: isMember ? school.id : null,
          roles: JSON.stringify([role]),
          assignedGrade: null,
          title: null,
          enabled: 1,
          createdAt: now,
          updatedAt: now,
        });
        if (isMember) return { username: user.username, membership: 'ACTIVE' as const };
        await deps.membership.createRequest({ userId: user.id, schoolId: school.id, role });
        await tellSchoolAdmins(school.id, school.name, user.name);
        return { username: user.username, membership: 'PENDING' as const };
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (await deps.users.findByUsername(input.username)) throw new AppError('E_CONFLICT_001');
        throw error;
      }
    },

    async createInvitation(
      actor: Actor,
      input: { email: string; schoolId?: number | undefined; role: 'ROLE_TEACHER' | 'ROLE_STUDENT' },
    ) {
      const schoolId = input.schoolId ?? actor.schoolId;
      if (!schoolId || !canInviteTo(actor, schoolId)) throw new AppError('E_FORBIDDEN');
      if (!(await deps.reference.findSchool(schoolId))) throw new AppError('E_NOT_FOUND_001');
      const expires = Math.floor(Date.now() / 1000) + INVITE_TTL_SECONDS;
      const token = await new SignJWT({ email: input.email.toLowerCase(), schoolId, role: input.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(INVITE_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(expires)
        .sign(await deps.inviteSecret());
      return {
        token,
        link: `${deps.publicUrl}/signup?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** Requests to join a school: a school administrator sees their own school's, a super administrator any school's. */
    async membershipRequests(
      actor: Actor,
      filter: { status: MembershipRequest['status']; schoolId?: number | undefined },
    ): Promise<MembershipRequest[]> {
      const schoolId = actor.roles.includes('ROLE_SUPER_ADMIN') ? filter.schoolId : (actor.schoolId ?? -1);
      if (schoolId !== undefined && !canAdministerSchool(actor, schoolId)) return [];
      return (await deps.membership.listRequests({ schoolId, status: filter.status })) as MembershipRequest[];
    },

    async decideMembership(actor: Actor, id: number, decision: 'APPROVED' | 'REJECTED') {
      const request = await deps.membership.findRequest(id);
      // Another school's request is not found, not forbidden.
      if (!request || !canAdministerSchool(actor, request.schoolId)) throw new AppError('E_NOT_FOUND');
      if (request.status !== 'PENDING' || !(await deps.membership.decide(id, decision, actor.userId))) {
        throw new AppError('E_ALREADY_DECIDED');
      }
      return (await deps.membership.findRequest(id)) as MembershipRequest;
    },

    async emailDomains(actor: Actor, schoolId: number) {
      if (!canAdministerSchool(actor, schoolId)) throw new AppError('E_NOT_FOUND');
      return { domains: await deps.membership.domainsOf(schoolId) };
    },

    async setEmailDomains(actor: Actor, schoolId: number, domains: string[]) {
      if (!canAdministerSchool(actor, schoolId)) throw new AppError('E_NOT_FOUND');
      if (!(await deps.reference.findSchool(schoolId))) throw new AppError('E_NOT_FOUND_001');
      await deps.membership.replaceDomains(schoolId, [...new Set(domains)], actor.userId);
      return { domains: await deps.membership.domainsOf(schoolId) };
    },

    async parseInvitation(token: string) {
      const claims = await invitationClaims(token);
      const school = await deps.reference.findSchool(claims.schoolId);
      if (!school) throw new AppError('E_NOT_FOUND_001');
      return { ...claims, schoolName: school.name };
    },

    async findIds(email: string, verificationToken: string) {
      await deps.verification.spendToken(email, 'FIND_ID', verificationToken);
      const users = await deps.users.findByEmail(email.toLowerCase());
      return { usernames: users.map((user) => maskUsername(user.username)) };
    },

    async schoolGrades(schoolId: number) {
      const school = await deps.reference.findSchool(schoolId);
      if (!school) throw new AppError('E_NOT_FOUND_001');
      return gradesOfLevel(school.levelCodeSeq);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
