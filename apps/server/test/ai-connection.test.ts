import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor } from './auth-helpers.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld, PERSONAS } from './demo-world.ts';

const URL = '/api/v1/admin/ai-connection';

describe('the AI connection card (super administrators only)', () => {
  let t: TestApp;
  let world: DemoWorld;
  beforeAll(async () => {
    t = await buildTestApp({
      AI_BASE_URL: 'http://user:secret@gpu-host:8000/v1?token=x',
      AI_API_KEY: 'sk-local',
    });
    world = await buildDemoWorld(t);
  });
  afterAll(() => t.close());

  const as = async (username: string) => ({
    authorization: `Bearer ${await accessTokenFor(t, world.users[username]!)}`,
  });

  it('answers every persona but the super administrator with 401 or 403', async () => {
    const statuses: Record<string, number> = {};
    for (const persona of PERSONAS)
      statuses[persona] = (
        await t.app.inject({ url: URL, headers: await world.headersFor(persona) })
      ).statusCode;
    statuses.sameSchoolTeacher = (
      await t.app.inject({ url: URL, headers: await world.headersFor('sameSchoolTeacher') })
    ).statusCode;
    statuses.provider = (await t.app.inject({ url: URL, headers: await as('provider') })).statusCode;
    statuses.unlicensed = (await t.app.inject({ url: URL, headers: await as('unlicensed') })).statusCode;
    statuses.superadmin = (await t.app.inject({ url: URL, headers: await as('superadmin') })).statusCode;
    expect(statuses).toEqual({
      anonymous: 401,
      student: 403,
      teacher: 403,
      otherSchoolTeacher: 403,
      admin: 403,
      sameSchoolTeacher: 403,
      provider: 403,
      unlicensed: 403,
      superadmin: 200,
    });
  });

  it('names the settings for the operator and never sends a secret', async () => {
    const res = await t.app.inject({ url: URL, headers: await as('superadmin') });
    const body = res.json();
    expect(body).toMatchObject({
      provider: 'openai-compatible',
      connected: true,
      baseUrl: 'http://gpu-host:8000/v1',
    });
    expect(body.settings.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['OPENAI_API_KEY', 'AI_BASE_URL', 'AI_MODEL']),
    );
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('sk-local');
    expect(res.body).not.toContain('token=x');
  });
});
