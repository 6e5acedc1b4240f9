import { z } from 'zod';
import { codeSchema } from './reference.ts';

export const ROLE_NAMES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_TEACHER',
  'ROLE_STUDENT',
  'ROLE_PROVIDER',
] as const;
export const roleSchema = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof roleSchema>;

export const LICENSE_STATUSES = ['ACTIVE', 'SUSPENDED', 'EXPIRED', 'ERROR'] as const;

/** licenseInfo of users/info (core.md §3); status ERROR with no key when there is none. */
export const licenseInfoSchema = z
  .object({
    licenseKey: z.string().nullable(),
    licenseName: z.string().nullable(),
    startAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    tokenLimit: z.number().int(),
    tokenUsed: z.number().int(),
    isValid: z.boolean(),
    status: z.enum(LICENSE_STATUSES),
  })
  .meta({ id: 'LicenseInfo' });
export type LicenseInfo = z.infer<typeof licenseInfoSchema>;

export const userInfoSchema = z.object({
  userId: z.number().int(),
  preferredUsername: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string(),
  nickName: z.string().nullable(),
  profile: z.string().nullable(),
  code: z.string().nullable(),
  title: z.string().nullable(),
  roles: z.array(roleSchema),
  primaryRole: roleSchema.nullable(),
  createdAt: z.string(),
});

export const schoolInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  engName: z.string().nullable(),
  level: z.string(),
  levelCodeSeq: z.number().int().nullable(),
  assignedGrade: z.number().int().nullable(),
  grades: z.array(codeSchema),
  /** Subjects keyed by grade codeSeq. */
  subjects: z.record(z.string(), z.array(codeSchema)),
});

/** A request to join a school that its administrator has not decided yet. */
export const pendingSchoolSchema = z.object({ id: z.number().int(), name: z.string() });

export const usersInfoSchema = z
  .object({
    userInfo: userInfoSchema,
    schoolInfo: schoolInfoSchema.nullable(),
    licenseInfo: licenseInfoSchema,
    /** Signed up without proof of membership: waiting for the school administrator's approval. */
    pendingSchool: pendingSchoolSchema.nullable(),
  })
  .meta({ id: 'UsersInfo' });
export type UsersInfo = z.infer<typeof usersInfoSchema>;

const mobileSchema = z
  .string()
  .trim()
  .regex(/^01[016789]-?\d{3,4}-?\d{4}$/, { message: '휴대전화 번호 형식이 올바르지 않습니다.' });

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(50).optional(),
    nickName: z.string().trim().max(50).nullable().optional(),
    mobile: mobileSchema.nullable().optional(),
    profile: z.string().trim().max(500).nullable().optional(),
    title: z.string().trim().max(50).nullable().optional(),
    assignedGrade: z.number().int().positive().nullable().optional(),
  })
  .strict();

export const USERNAME_PATTERN = /^[a-z][a-z0-9_.-]{3,29}$/;
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(USERNAME_PATTERN, { message: '아이디는 영문 소문자로 시작하는 4~30자의 영문, 숫자, _ . - 입니다.' });

export const passwordSchema = z
  .string()
  .min(8, { message: '비밀번호는 8자 이상이어야 합니다.' })
  .max(200)
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), {
    message: '비밀번호에는 영문과 숫자가 모두 포함되어야 합니다.',
  });

export const nameExistsQuerySchema = z.object({ username: usernameSchema });
export const nameExistsSchema = z.object({ exists: z.boolean() });

export const VERIFICATION_PURPOSES = ['SIGNUP', 'FIND_ID'] as const;
/** Codes the sign-in page mails (not requestable through the public verification route). */
export const SIGN_IN_CODE_PURPOSE = 'SIGN_IN';
/** Codes the sign-in page mails to set a new password (not requestable through the public route). */
export const PASSWORD_RESET_CODE_PURPOSE = 'PASSWORD_RESET';
export const sendVerificationSchema = z.object({
  email: z.email().max(200),
  purpose: z.enum(VERIFICATION_PURPOSES).default('SIGNUP'),
});
export const verificationSentSchema = z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() });

export const verifyCodeSchema = z.object({
  email: z.email().max(200),
  purpose: z.enum(VERIFICATION_PURPOSES).default('SIGNUP'),
  code: z.string().regex(/^\d{6}$/, { message: '인증번호 6자리를 입력해 주세요.' }),
});
export const verifiedSchema = z.object({ verified: z.literal(true), verificationToken: z.string() });

export const signupSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    name: z.string().trim().min(1, { message: '이름을 입력해 주세요.' }).max(50),
    email: z.email().max(200),
    mobile: mobileSchema.optional(),
    schoolId: z.number().int().positive(),
    verificationToken: z.string().min(10).max(500),
    inviteToken: z.string().max(2000).optional(),
  })
  .meta({ id: 'SignupInput' });
export type SignupInput = z.infer<typeof signupSchema>;
/**
 * ACTIVE: a member of the school at once (an invitation, or an e-mail at a domain the school
 * lists); PENDING: the school's administrator approves the request first.
 */
export const signupResultSchema = z.object({
  username: z.string(),
  membership: z.enum(['ACTIVE', 'PENDING']),
});

export const MEMBERSHIP_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const membershipRequestSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    schoolId: z.number().int(),
    schoolName: z.string(),
    role: z.string(),
    status: z.enum(MEMBERSHIP_STATUSES),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'SchoolMembershipRequest' });
export type MembershipRequest = z.infer<typeof membershipRequestSchema>;
export const membershipRequestQuerySchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES).default('PENDING'),
  /** A super administrator names the school; a school administrator always sees their own. */
  schoolId: z.coerce.number().int().positive().optional(),
});
export const membershipRequestParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const schoolEmailDomainsSchema = z
  .object({
    domains: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .regex(DOMAIN_PATTERN, { message: '도메인 형식이 올바르지 않습니다. 예: school.go.kr' }),
      )
      .max(20),
  })
  .meta({ id: 'SchoolEmailDomains' });

export const parseTokenQuerySchema = z.object({ token: z.string().min(10).max(2000) });
export const invitationSchema = z.object({
  email: z.string(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
});
export const createInvitationSchema = z.object({
  email: z.email().max(200),
  schoolId: z.number().int().positive().optional(),
  role: z.enum(['ROLE_TEACHER', 'ROLE_STUDENT']).default('ROLE_TEACHER'),
});
export const invitationCreatedSchema = z.object({
  token: z.string(),
  link: z.string(),
  expiresAt: z.string(),
});

export const findIdSchema = z.object({
  email: z.email().max(200),
  verificationToken: z.string().min(10).max(500),
});
export const foundIdsSchema = z.object({ usernames: z.array(z.string()) });

export const schoolIdParamSchema = z.object({ schoolId: z.coerce.number().int().positive() });
