import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_RESET_CODE_PURPOSE, passwordSchema, SIGN_IN_CODE_PURPOSE } from '@ssaem/contracts';
import { isAppError } from '../../platform/errors/app-error.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { VerificationService } from '../users/verification.service.ts';
import type { LoginRepository } from './login.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one username from one address before that address must wait. */
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;
/**
 * Wrong passwords for one username from everywhere before the password alone no longer signs it
 * in: a spread-out guessing attack. The owner still gets in with a code sent to their e-mail.
 */
export const MAX_FAILURES_PER_USERNAME_EVERYWHERE = 50;

export type PasswordResetResult =
  | { outcome: 'success' }
  | { outcome: 'invalid' }
  | { outcome: 'weak' }
  | { outcome: 'mismatch' };

export type LoginResult =
  | { outcome: 'success'; subject: string }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Password sign-in for the embedded provider. Unknown users, disabled users and wrong passwords
 * look the same from outside: same message, and an argon2 verification either way so the timing
 * matches. Throttling is checked first, so a throttled username stays throttled for the right
 * password — but only from the address that guessed: a stranger's wrong passwords never lock the
 * owner out, and when a guessing attack comes from everywhere, a code mailed to the owner's
 * address still signs them in.
 */
export function createLoginService(
  users: UsersRepository,
  attempts: LoginRepository,
  verification: VerificationService,
) {
  // A real argon2id hash of a random secret: verifying against it costs what a real check costs.
  const decoyHash = hash(crypto.randomUUID());

  async function retryAfter(username: string, ip: string, now: number): Promise<number | null> {
    const failures = await attempts.countFailures(username, ip, now - LOGIN_WINDOW_MS);
    const blocking = [
      failures.pair.count >= MAX_FAILURES_PER_USERNAME ? failures.pair.oldest : null,
      failures.user.count >= MAX_FAILURES_PER_USERNAME_EVERYWHERE ? failures.user.oldest : null,
      failures.ip.count >= MAX_FAILURES_PER_IP ? failures.ip.oldest : null,
    ].filter((oldest): oldest is number => oldest !== null);
    if (blocking.length === 0) return null;
    const unblockAt = Math.max(...blocking) + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((unblockAt - now) / 1000));
  }

  /** The enabled account of this username whose address is `email`, or nothing. */
  async function accountWithAddress(rawUsername: string, rawEmail: string) {
    const username = rawUsername.trim().toLowerCase();
    const email = rawEmail.trim().toLowerCase();
    const user = username && email ? await users.findByUsername(username) : undefined;
    if (!user?.enabled || !user.subject || !user.email || user.email.toLowerCase() !== email)
      return undefined;
    return { ...user, username, email };
  }

  return {
    async signIn(input: { username: string; password: string; ip: string }): Promise<LoginResult> {
      const username = input.username.trim().toLowerCase();
      const now = Date.now();
      const wait = await retryAfter(username, input.ip, now);
      if (wait !== null) return { outcome: 'throttled', retryAfterSeconds: wait };

      const user = username ? await users.findByUsername(username) : undefined;
      const usable = user?.enabled && user.passwordHash && user.subject ? user : undefined;
      const matches = await verify(usable?.passwordHash ?? (await decoyHash), input.password).catch(
        () => false,
      );
      if (usable && matches && usable.subject) {
        await attempts.clearFailures(username);
        return { outcome: 'success', subject: usable.subject };
      }
      await attempts.recordFailure(username, input.ip);
      return { outcome: 'invalid' };
    },

    /**
     * Mails a sign-in code to the account's address, if the username names an enabled account
     * with one. The caller learns nothing either way (the page says the same), and a mailbox gets
     * at most the verification service's hourly allowance.
     */
    async sendSignInCode(rawUsername: string): Promise<void> {
      const username = rawUsername.trim().toLowerCase();
      const user = username ? await users.findByUsername(username) : undefined;
      if (!user?.enabled || !user.email || !user.subject) return;
      try {
        await verification.sendCode(user.email, SIGN_IN_CODE_PURPOSE);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'E_TOO_MANY_REQUESTS') throw error;
      }
    },

    /**
     * Mails a password-reset code when the username and the address belong to one enabled
     * account. The page answers the same either way, so nobody learns which addresses exist.
     */
    async sendPasswordResetCode(rawUsername: string, rawEmail: string): Promise<void> {
      const account = await accountWithAddress(rawUsername, rawEmail);
      if (!account) return;
      try {
        await verification.sendCode(account.email, PASSWORD_RESET_CODE_PURPOSE);
      } catch (error) {
        if (!isAppError(error) || error.code !== 'E_TOO_MANY_REQUESTS') throw error;
      }
    },

    /**
     * Sets a new password once the mailed code is proven. The password is checked first, so a
     * typo in it does not cost one of the code's five tries; the code is spent on success, so it
     * sets a password once. Wrong passwords counted against the account are cleared.
     */
    async resetPassword(input: {
      username: string;
      email: string;
      code: string;
      password: string;
      passwordConfirm: string;
    }): Promise<PasswordResetResult> {
      if (!passwordSchema.safeParse(input.password).success) return { outcome: 'weak' };
      if (input.password !== input.passwordConfirm) return { outcome: 'mismatch' };
      const account = await accountWithAddress(input.username, input.email);
      if (!account || !/^\d{6}$/.test(input.code)) return { outcome: 'invalid' };
      try {
        const { verificationToken } = await verification.verifyCode(
          account.email,
          PASSWORD_RESET_CODE_PURPOSE,
          input.code,
        );
        await verification.spendToken(account.email, PASSWORD_RESET_CODE_PURPOSE, verificationToken);
      } catch (error) {
        if (isAppError(error) && error.code === 'E_VERIFICATION_001') return { outcome: 'invalid' };
        throw error;
      }
      await users.resetPassword(account.id, account.subject, await hash(input.password));
      await attempts.clearFailures(account.username);
      return { outcome: 'success' };
    },

    /** Sign-in by a mailed code: not subject to password throttling; a code allows five tries. */
    async signInWithCode(input: { username: string; code: string }): Promise<LoginResult> {
      const username = input.username.trim().toLowerCase();
      const user = username ? await users.findByUsername(username) : undefined;
      if (!user?.enabled || !user.email || !user.subject || !/^\d{6}$/.test(input.code)) {
        return { outcome: 'invalid' };
      }
      try {
        await verification.verifyCode(user.email, SIGN_IN_CODE_PURPOSE, input.code);
      } catch (error) {
        if (isAppError(error) && error.code === 'E_VERIFICATION_001') return { outcome: 'invalid' };
        throw error;
      }
      await attempts.clearFailures(username);
      return { outcome: 'success', subject: user.subject };
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
