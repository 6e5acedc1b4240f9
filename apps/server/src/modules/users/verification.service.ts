import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { VerificationRepository } from './verification.repository.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
const MAX_SENDS_PER_HOUR = 5;
const TOKEN_TTL_MS = 30 * 60 * 1000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const MAIL = {
  SIGNUP: { subject: '[쌤] 회원가입 인증번호', line: '회원가입 인증번호' },
  FIND_ID: { subject: '[쌤] 아이디 찾기 인증번호', line: '아이디 찾기 인증번호' },
  SIGN_IN: { subject: '[쌤] 로그인 코드', line: '로그인 코드' },
  PASSWORD_RESET: { subject: '[쌤] 비밀번호 재설정 코드', line: '비밀번호 재설정 코드' },
} as const;

/**
 * E-mail verification: a 6-digit code valid 10 minutes with 5 tries; a correct code yields a
 * one-time token that signup or find-id spends within 30 minutes.
 */
export function createVerificationService(repository: VerificationRepository, mailer: Mailer) {
  return {
    async sendCode(email: string, purpose: keyof typeof MAIL) {
      const address = email.toLowerCase();
      if ((await repository.countSentSince(address, Date.now() - 3_600_000)) >= MAX_SENDS_PER_HOUR) {
        throw new AppError('E_TOO_MANY_REQUESTS');
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.insert({
        email: address,
        purpose,
        codeHash: sha256(`${address}:${code}`),
        expiresAt: Date.now() + CODE_TTL_SECONDS * 1000,
      });
      await mailer.send({
        to: address,
        subject: MAIL[purpose].subject,
        body: `${MAIL[purpose].line}: ${code}\n\n10분 안에 입력해 주세요. 요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.\nYour Ssaem verification code is ${code}. It is valid for 10 minutes.`,
      });
      return { sent: true as const, expiresInSeconds: CODE_TTL_SECONDS };
    },

    async verifyCode(email: string, purpose: string, code: string) {
      const address = email.toLowerCase();
      const open = await repository.latestOpen(address, purpose, Date.now());
      if (!open || open.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('E_VERIFICATION_001');
      await repository.recordAttempt(open.id);
      if (open.codeHash !== sha256(`${address}:${code}`)) throw new AppError('E_VERIFICATION_001');
      const token = randomBytes(24).toString('base64url');
      await repository.markVerified(open.id, sha256(token));
      return { verified: true as const, verificationToken: token };
    },

    async spendToken(email: string, purpose: string, token: string): Promise<void> {
      const ok = await repository.consumeToken(
        email.toLowerCase(),
        purpose,
        sha256(token),
        Date.now() - TOKEN_TTL_MS,
      );
      if (!ok) throw new AppError('E_VERIFICATION_001');
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
