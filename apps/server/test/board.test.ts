import { MAX_PINNED_NOTICES } from '@ssaem/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp & { origin: string };
let world: DemoWorld;
beforeAll(async () => {
  t = await buildListeningApp();
  world = await buildDemoWorld(t);
});
afterAll(() => t.close());

async function call(persona: AnyPersona, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { ...(await world.headersFor(persona)), 'accept-language': 'ko' };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  return fetch(`${t.origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
}

type Detail = {
  id: number;
  title: string;
  bodyHtml: string;
  views: number;
  pinned: boolean;
  number: number | null;
  isNew: boolean;
  attachments: { id: number; fileName: string; url: string; mimeType: string }[];
  previous: { id: number; title: string } | null;
  next: { id: number; title: string } | null;
  abilities: { edit: boolean; delete: boolean };
};

async function post(
  persona: AnyPersona,
  notice: Record<string, unknown>,
  files: { bytes: Uint8Array; name: string }[] = [],
) {
  const form = new FormData();
  form.append('data', JSON.stringify({ scope: 'SCHOOL', bodyHtml: '<p>본문</p>', ...notice }));
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const response = await call(persona, 'POST', '/api/v1/board', form);
  return {
    status: response.status,
    body: (await response.json()) as Detail & { code?: string; details?: { message: string }[] },
  };
}

describe('the notice board', () => {
  it("keeps a school's notices to its members and the service's for everyone", async () => {
    const school = await post('admin', { title: '운동회 안내' });
    expect(school.status).toBe(201);
    const service = await post('superAdmin', { scope: 'SERVICE', title: '서비스 점검 안내' });
    expect(service.status).toBe(201);
    const titlesFor = async (persona: AnyPersona) =>
      (
        (await (await call(persona, 'GET', '/api/v1/board/list?pageSize=50')).json()) as {
          items: { title: string }[];
        }
      ).items.map((item) => item.title);
    expect(await titlesFor('student')).toEqual(expect.arrayContaining(['운동회 안내', '서비스 점검 안내']));
    expect(await titlesFor('otherSchoolTeacher')).not.toContain('운동회 안내');
    expect(await titlesFor('otherSchoolTeacher')).toContain('서비스 점검 안내');
    expect(await titlesFor('anonymous')).toEqual(['서비스 점검 안내']);
    expect((await call('otherSchoolTeacher', 'GET', `/api/v1/board/${school.body.id}`)).status).toBe(404);
    expect((await call('anonymous', 'GET', `/api/v1/board/${service.body.id}`)).status).toBe(200);
    // Teachers and other schools' administrators do not post to this school's board.
    expect((await post('teacher', { title: '교사 공지' })).status).toBe(403);
    expect((await post('admin', { scope: 'SERVICE', title: '전체 공지' })).status).toBe(403);
  });

  it('keeps only safe markup: no scripts, no event handlers, no javascript: links, no outside pictures', async () => {
    const { body } = await post('admin', {
      title: '안전한 본문',
      bodyHtml:
        '<p onclick="steal()">안내<script>alert(1)</script></p><a href="javascript:alert(1)">링크</a>' +
        '<a href="https://school.example.kr/form">신청서</a><img src="https://tracker.example/pixel.png">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="약도"><p style="text-align:center;color:red">가운데</p>',
    });
    expect(body.bodyHtml).not.toMatch(/script|onclick|javascript:|tracker\.example|color:red/);
    expect(body.bodyHtml).toContain(
      '<a href="https://school.example.kr/form" target="_blank" rel="noopener noreferrer">신청서</a>',
    );
    expect(body.bodyHtml).toContain('data:image/png;base64');
    expect(body.bodyHtml).toContain('text-align:center');
    const empty = await post('admin', { title: '빈 공지', bodyHtml: '<script>alert(1)</script><p> </p>' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('내용을 입력해 주세요.');
  });

  it(`pins at most ${MAX_PINNED_NOTICES} notices a board and lists them first on every page`, async () => {
    const board = '/api/v1/board/fix/available?scope=SCHOOL';
    const before = (await (await call('admin', 'GET', board)).json()) as { pinned: number; max: number };
    for (let i = before.pinned; i < MAX_PINNED_NOTICES; i++) {
      expect((await post('admin', { title: `고정 공지 ${i}`, pinned: true })).status).toBe(201);
    }
    expect(await (await call('admin', 'GET', board)).json()).toEqual({
      available: false,
      pinned: MAX_PINNED_NOTICES,
      max: MAX_PINNED_NOTICES,
    });
    const full = await post('admin', { title: '한 개 더', pinned: true });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('E_ALREADY_FULL');
    // Another school's board has its own room.
    const other = (await (await call('otherSchoolAdmin', 'GET', board)).json()) as { available: boolean };
    expect(other.available).toBe(true);
    for (let i = 0; i < 12; i++) await post('admin', { title: `일반 공지 ${i}` });
    const page1 = (await (
      await call('teacher', 'GET', '/api/v1/board/list?pageSize=5&pageIndex=1&scope=SCHOOL')
    ).json()) as {
      items: { pinned: boolean; number: number | null }[];
      total: number;
      lastPageIndex: number;
    };
    expect(
      page1.items.slice(0, MAX_PINNED_NOTICES).every((item) => item.pinned && item.number === null),
    ).toBe(true);
    const numbers = page1.items.slice(MAX_PINNED_NOTICES).map((item) => item.number);
    expect(numbers).toEqual([
      page1.total - 5,
      page1.total - 6,
      page1.total - 7,
      page1.total - 8,
      page1.total - 9,
    ]);
    expect(page1.lastPageIndex).toBe(Math.ceil(page1.total / 5) - 1);
  });

  it('finds notices by title, body or writer', async () => {
    await post('admin', { title: '겨울방학 방과후 안내', bodyHtml: '<p>눈썰매 체험을 합니다.</p>' });
    const search = async (query: string) =>
      (
        (await (await call('teacher', 'GET', `/api/v1/board/search?${query}`)).json()) as {
          items: { title: string }[];
        }
      ).items.map((item) => item.title);
    expect(await search('keyword=겨울방학&target=TITLE')).toContain('겨울방학 방과후 안내');
    expect(await search('keyword=눈썰매&target=BODY')).toContain('겨울방학 방과후 안내');
    expect(await search('keyword=눈썰매&target=TITLE')).not.toContain('겨울방학 방과후 안내');
    const writer = world.users.admin?.name ?? '';
    expect(await search(`keyword=${encodeURIComponent(writer)}&target=WRITER`)).toContain(
      '겨울방학 방과후 안내',
    );
    expect(await search('keyword=100%25')).toEqual(expect.any(Array));
  });

  it('counts a reader once a day and links the notices before and after', async () => {
    const first = (await post('admin', { title: '첫째 공지' })).body;
    const second = (await post('admin', { title: '둘째 공지' })).body;
    const third = (await post('admin', { title: '셋째 공지' })).body;
    const read = async (persona: AnyPersona, id: number) =>
      (await (await call(persona, 'GET', `/api/v1/board/${id}`)).json()) as Detail;
    await read('teacher', second.id);
    await read('teacher', second.id);
    const seen = await read('sameSchoolTeacher', second.id);
    expect(seen.views).toBe(2);
    expect(seen.previous?.id).toBe(first.id);
    expect(seen.next?.id).toBe(third.id);
    expect(seen.isNew).toBe(true);
    expect(seen.abilities).toEqual({ edit: false, delete: false });
    expect((await read('admin', second.id)).abilities).toEqual({ edit: true, delete: true });
  });

  it('stores attachments judged by content and serves them only as downloads', async () => {
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const refused = await post('admin', { title: '위험한 첨부' }, [{ bytes: exe, name: '가정통신문.hwp' }]);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('E_FILE_001');
    expect(refused.body.details?.[0]?.message).toContain('첨부할 수 없는 파일입니다');

    const created = (await post('admin', { title: '약도 첨부' }, [{ bytes: PNG, name: '약도 <1>.png' }]))
      .body;
    const attachment = created.attachments[0];
    expect(attachment?.fileName).not.toContain('<');
    const download = await call('student', 'GET', attachment?.url ?? '');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await call('otherSchoolTeacher', 'GET', attachment?.url ?? '')).status).toBe(404);

    // An edit changes only what it sends; an attachment is removed by its id.
    const edited = await call('admin', 'PUT', `/api/v1/board/${created.id}`, {
      removeAttachmentIds: [attachment?.id],
    });
    const after = (await edited.json()) as Detail;
    expect(after.title).toBe('약도 첨부');
    expect(after.attachments).toEqual([]);
    expect((await call('student', 'GET', attachment?.url ?? '')).status).toBe(404);
  });

  it("lets the school's administrators edit and delete, and the super administrator remove", async () => {
    const notice = (await post('admin', { title: '지울 공지' })).body;
    expect(
      (await call('teacher', 'PUT', `/api/v1/board/${notice.id}`, { title: '교사가 고침' })).status,
    ).toBe(403);
    expect((await call('otherSchoolAdmin', 'DELETE', `/api/v1/board/${notice.id}`)).status).toBe(404);
    expect((await call('superAdmin', 'DELETE', `/api/v1/board/${notice.id}`)).status).toBe(200);
    expect((await call('teacher', 'GET', `/api/v1/board/${notice.id}`)).status).toBe(404);
  });
});
