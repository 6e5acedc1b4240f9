import type * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.seed.ts';
import type { TestApp } from './build-test-app.ts';
import { buildListeningApp } from './listening-app.ts';
import { discover, signIn } from './oidc-browser.ts';

let t: TestApp & { origin: string };
let config: client.Configuration;
beforeAll(async () => {
  t = await buildListeningApp();
  await seedDemoData(t.database.db, 'demo1234!');
  config = await discover(t.origin);
});
afterAll(() => t.close());

const outcome = (username: string, password: string) =>
  signIn(config, t.origin, username, password).then(
    () => 'signed-in',
    (error: Error) => /login answered (\d+)/.exec(error.message)?.[1] ?? error.message,
  );

describe('login throttling', () => {
  it('answers 429 with Retry-After after five failures for one username, even for the right password', async () => {
    for (let i = 0; i < 5; i++) expect(await outcome('teacher2', 'wrong')).toBe('401');
    expect(await outcome('teacher2', 'demo1234!')).toBe('429');
    const failures = await t.database.db
      .selectFrom('loginFailure')
      .select('createdAt')
      .where('username', '=', 'teacher2')
      .execute();
    expect(failures).toHaveLength(5);
  });

  it('names the wait in Retry-After', async () => {
    const error = await signIn(config, t.origin, 'teacher2', 'demo1234!').catch((e: Error) => e.message);
    const seconds = Number(/retry-after=(\d+)/.exec(String(error))?.[1]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(String(error)).toContain('15분 후에 다시 시도해 주세요.');
  });

  it('blocks an address after twenty failures across usernames', async () => {
    await t.database.db.deleteFrom('loginFailure').execute();
    for (let i = 0; i < 20; i++) expect(await outcome(`ghost${i}`, 'wrong')).toBe('401');
    expect(await outcome('teacher', 'demo1234!')).toBe('429');
    await t.database.db.deleteFrom('loginFailure').execute();
    expect(await outcome('teacher', 'demo1234!')).toBe('signed-in');
  });
});
