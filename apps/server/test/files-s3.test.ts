import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStorage } from '../src/platform/storage/s3-file-storage.ts';
import type { TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

/**
 * The file routes with S3_BUCKET set, against a real S3 server (TEST_S3_ENDPOINT; CI starts a Ceph
 * gateway): uploads land in the bucket, downloads stream from it, and with presigned downloads a
 * short-lived URL is issued only to the file's owner.
 */
const endpoint = process.env.TEST_S3_ENDPOINT;
const prefix = `files-${randomUUID()}`;
const s3Env = {
  S3_BUCKET: process.env.TEST_S3_BUCKET ?? 'ssaem-contract',
  S3_ENDPOINT: endpoint ?? 'http://127.0.0.1:1',
  S3_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID ?? 'ciaccesskey',
  S3_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'cisecretkey',
  S3_PREFIX: prefix,
};

describe.skipIf(!endpoint)('file routes on S3', () => {
  let streamed: TestApp & { origin: string };
  let presigned: TestApp & { origin: string };
  let world: DemoWorld;

  beforeAll(async () => {
    streamed = await buildListeningApp(s3Env);
    presigned = await buildListeningApp(
      { ...s3Env, S3_PRESIGNED_DOWNLOADS: 'true', PUBLIC_URL: streamed.origin },
      { database: streamed.database },
    );
    world = await buildDemoWorld(streamed);
  });
  afterAll(async () => {
    await presigned.close();
    await streamed.close();
    const storage = createS3FileStorage({
      endpoint: s3Env.S3_ENDPOINT,
      bucket: s3Env.S3_BUCKET,
      region: 'us-east-1',
      accessKeyId: s3Env.S3_ACCESS_KEY_ID,
      secretAccessKey: s3Env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
      prefix,
    });
    for (const key of await storage.list('')) await storage.delete(key);
    await storage.close();
  });

  const get = async (origin: string, path: string, persona: AnyPersona = 'teacher') =>
    fetch(`${origin}${path}`, { headers: await world.headersFor(persona), redirect: 'manual' });

  async function uploadText(text: string) {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/plain' }), '가정통신문.txt');
    const res = await fetch(`${streamed.origin}/api/v1/files/upload`, {
      method: 'POST',
      body: form,
      headers: await world.headersFor('teacher'),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file_id: string }).file_id;
  }

  it('keeps an upload in the bucket, not on the disk, and streams it back to its owner only', async () => {
    const text = '3월 학부모 상담 주간 안내\n'.repeat(500);
    const id = await uploadText(text);
    const files = await readdir(join(streamed.config.DATA_DIR, 'files'), { recursive: true }).catch(() => []);
    expect(files).toEqual([]);
    // Uncompressed, so the length declared up front (the bytes stream after it) can be seen.
    const res = await fetch(`${streamed.origin}/api/v1/files/${id}/content`, {
      headers: { ...(await world.headersFor('teacher')), 'accept-encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(await res.text()).toBe(text);
    expect((await get(streamed.origin, `/api/v1/files/${id}/content`, 'otherSchoolTeacher')).status).toBe(
      404,
    );
  });

  it('answers with a one-minute presigned URL after the same check, when presigned downloads are on', async () => {
    const text = '서명된 주소로 내려받기';
    const id = await uploadText(text);
    const res = await get(presigned.origin, `/api/v1/files/${id}/content`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = res.headers.get('location') ?? '';
    expect(location).toContain('X-Amz-Expires=60');
    expect(location.startsWith(endpoint as string)).toBe(true);
    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toBe(text);
    // Someone else gets 404 and no URL.
    const stranger = await get(presigned.origin, `/api/v1/files/${id}/content`, 'otherSchoolTeacher');
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('location')).toBeNull();
  });
});
