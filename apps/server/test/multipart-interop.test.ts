import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

/**
 * Multipart as real clients send it: Spring-style and browser clients put a tool's JSON form in a
 * Blob part with Content-Type application/json; broken clients forget the boundary.
 */
let t: TestApp & { origin: string };
let world: DemoWorld;
beforeAll(async () => {
  t = await buildListeningApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

const SUMMARY = { title: '회의 요약', summaryType: 'TEXT_SUMMARY', summaryFormat: 'EASY_SUMMARY' };

describe('multipart interop', () => {
  it('reads a JSON form sent as a Blob part with Content-Type application/json', async () => {
    const form = new FormData();
    const input = {
      ...SUMMARY,
      inputText: '학교 운영위원회에서 체험학습 일정을 10월 둘째 주로 정했다. 안전 교육은 출발 전날 한다.',
    };
    form.append('data', new Blob([JSON.stringify(input)], { type: 'application/json' }), 'blob');
    const response = await fetch(`${t.origin}/api/v1/summary`, {
      method: 'POST',
      body: form,
      headers: await world.headersFor('teacher'),
    });
    const body = (await response.json()) as { code?: string };
    expect(body.code, JSON.stringify(body)).toBeUndefined();
    expect(response.status).toBeLessThan(300);
  });

  it('answers a multipart body without a boundary with a catalogue error, not a 500', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
      for (const url of ['/api/v1/files/upload', '/api/v1/summary', '/api/v1/hwp/upload']) {
        const response = await fetch(`${t.origin}${url}`, {
          method: 'POST',
          body: 'not really multipart',
          headers: { ...(await world.headersFor('teacher')), 'content-type': contentType },
        });
        const body = (await response.json()) as { code?: string; message?: string };
        expect(response.status, `${url} ${contentType}`).toBe(400);
        expect(body.code).toMatch(/^E_(VALIDATION|FILE_001)$/);
        expect(body.message).toMatch(/[가-힣]/);
      }
    }
  });
});
