import { hash, verify } from '@node-rs/argon2';
import type { UsersRepository } from '../users/users.repository.ts';
import type { LoginRepository } from './login.repository.ts';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 5;
export const MAX_FAILURES_PER_IP = 20;

export type LoginResult =
  | { outcome: 'success'; subject: string }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * Password sign-in for the embedded provider. Unknown users, disabled users and wrong passwords
 * look the same from outside: same message, and an argon2 verification either way so the timing
 * matches. Throttling is checked first, so a locked username stays locked for the right password.
 */
export function createLoginService(users: UsersRepository, attempts: LoginRepository) {
  // A real argon2id hash of a random secret: verifying against it costs what a real check costs.
  const decoyHash = hash(crypto.randomUUID());

  async function retryAfter(username: string, ip: string, now: number): Promise<number | null> {
    const failures = await attempts.countFailures(username, ip, now - LOGIN_WINDOW_MS);
    const blocking = [
      failures.user.count >= MAX_FAILURES_PER_USERNAME ? failures.user.oldest : null,
      failures.ip.count >= MAX_FAILURES_PER_IP ? failures.ip.oldest : null,
    ].filter((oldest): oldest is number => oldest !== null);
    if (blocking.length === 0) return null;
    const unblockAt = Math.max(...blocking) + LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((unblockAt - now) / 1000));
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
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
