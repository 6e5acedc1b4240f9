import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/config/config.ts';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('uploads are read off the main thread', () => {
  it('calls no document reader in the server process: every read goes through the sandbox', () => {
    const readers = /\b(readDocument|extractText|readHwpx?|readDocx|readPdf|readImageText)\b/;
    const offenders = sourceFiles(join(projectRoot, 'apps/server/src')).filter((path) => {
      if (path.endsWith('document-reader-child.ts')) return false;
      const source = readFileSync(path, 'utf8');
      return (
        /from '@ssaem\/documents[^']*'/.test(source) &&
        [...source.matchAll(/import \{([^}]*)\} from '@ssaem\/documents[^']*'/g)].some((m) =>
          readers.test(m[1] ?? ''),
        )
      );
    });
    expect(offenders).toEqual([]);
  });
});

describe('the upload allowance', () => {
  let t: TestApp & { origin: string };
  let world: DemoWorld;
  beforeAll(async () => {
    t = await buildListeningApp({ UPLOADS_PER_MINUTE: '3' });
    world = await buildDemoWorld(t);
  });
  afterAll(() => t.close());

  async function upload(persona: 'teacher' | 'otherSchoolTeacher') {
    const form = new FormData();
    form.append('image', new Blob([PNG]), 'dot.png');
    return fetch(`${t.origin}/api/v1/files/upload/images`, {
      method: 'POST',
      body: form,
      headers: { ...(await world.headersFor(persona)), 'accept-language': 'ko' },
    });
  }

  it('counts every upload route together, per user, and says when to try again', async () => {
    for (let i = 0; i < 3; i++) expect((await upload('teacher')).status).toBe(201);
    const refused = await upload('teacher');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'E_TOO_MANY_REQUESTS' });
    const hwp = new FormData();
    hwp.append('file', new Blob([PNG]), 'dot.hwp');
    const otherRoute = await fetch(`${t.origin}/api/v1/hwp/upload`, {
      method: 'POST',
      body: hwp,
      headers: await world.headersFor('teacher'),
    });
    expect(otherRoute.status).toBe(429);
    // A colleague at the same address still has their own allowance.
    expect((await upload('otherSchoolTeacher')).status).toBe(201);
  });

  it('refuses a picture that claims gigapixels before storing it', async () => {
    const header = Buffer.from(PNG);
    header.writeUInt32BE(100_000, 16);
    header.writeUInt32BE(100_000, 20);
    const form = new FormData();
    form.append('image', new Blob([header]), 'huge.png');
    const response = await fetch(`${t.origin}/api/v1/files/upload/images`, {
      method: 'POST',
      body: form,
      headers: { ...(await world.headersFor('otherSchoolTeacher')), 'accept-language': 'ko' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; details: { message: string }[] };
    expect(body.code).toBe('E_FILE_001');
    expect(body.details[0]?.message).toMatch(/파일이 너무 큽니다/);
  });
});
