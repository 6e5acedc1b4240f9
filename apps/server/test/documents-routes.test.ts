import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { doc, heading, paragraph, readDocument, text, writeDocx } from '@ssaem/documents';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryItemTable } from '../src/db/schema.ts';
import {
  createLibraryRepository,
  type LibraryRepository,
} from '../src/modules/library/library.repository.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import type { TestApp } from './build-test-app.ts';
import { type AnyPersona, buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { buildListeningApp } from './listening-app.ts';

/** Hancom-saved files the documents package ships (sources and licences in its README); a missing one fails. */
const FIXTURE_DIR = join(import.meta.dirname, '../../../packages/documents/test/fixtures/hwp');
const fixture = (name: string) => readFileSync(join(FIXTURE_DIR, name));

const HWPX_MIME = 'application/hwp+zip';
const HWP_MIME = 'application/x-hwp';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_MIME = 'application/pdf';

const SUMMARY_CONTENT = {
  title: '광합성 핵심 요약',
  keywords: [{ keyword: '엽록체', explanation: '광합성이 일어나는 세포 기관' }],
  summary: ['식물은 빛 에너지로 포도당을 만든다.', '이때 산소가 나온다.'],
  engine: 'offline',
  notice: null,
};

let t: TestApp & { origin: string };
let world: DemoWorld;
let library: LibraryRepository;
beforeAll(async () => {
  t = await buildListeningApp();
  world = await buildDemoWorld(t);
  library = createLibraryRepository(
    t.database.db,
    createLibrarySearchIndex(t.database.db, t.database.dialect),
  );
});
afterAll(() => t.close());

async function call(persona: AnyPersona, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...(await world.headersFor(persona)) };
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  return fetch(`${t.origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
  });
}

function fileForm(bytes: Uint8Array, name: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  return form;
}

async function upload(persona: AnyPersona, bytes: Uint8Array, name: string) {
  return call(persona, 'POST', '/api/v1/hwp/upload', fileForm(bytes, name));
}

interface UploadBody {
  fileUrl: string;
  fileName: string;
  fileType: string;
  downloadUrl: string;
  document: { type: string; content: unknown[] };
  text: string;
}
interface ErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}
interface DocumentBody {
  id: number;
  title: string;
  libraryType: string;
  edited: boolean;
  document: { type: string; content: unknown[]; attrs?: { title?: string } };
  abilities: { view: boolean; edit: boolean; copy: boolean; changeSettings: boolean; delete: boolean };
}

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const textOf = async (response: Response, name = 'file') =>
  (await readDocument(await bytesOf(response), name)).text;

let clock = Date.now() - 86_400_000;
async function item(username: string, fields: Partial<Insertable<LibraryItemTable>> = {}): Promise<number> {
  clock += 60_000;
  const at = new Date(clock).toISOString();
  const user = world.users[username]!;
  return library.insert({
    creatorId: user.id,
    schoolId: user.schoolId,
    libraryType: 'SUMMARY',
    materialType: 'summary',
    title: '광합성 요약',
    status: 3,
    visibility: 'PUBLIC',
    editable: 1,
    input: '{}',
    content: JSON.stringify(SUMMARY_CONTENT),
    createdAt: at,
    updatedAt: at,
    completedAt: at,
    ...fields,
  });
}

/** A zip whose one big entry inflates from a few kilobytes to `size` bytes (an HWPX-shaped bomb). */
function zipBomb(size: number): Uint8Array {
  const entries = [
    { name: 'mimetype', data: Buffer.from('application/hwp+zip'), store: true },
    { name: 'Contents/header.xml', data: Buffer.from('<hh:head xmlns:hh="h"/>'), store: false },
    { name: 'Contents/section0.xml', data: Buffer.alloc(size, 0x20), store: false },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = entry.store ? entry.data : deflateRawSync(entry.data, { level: 9 });
    const method = entry.store ? 0 : 8;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

describe('POST /api/v1/hwp/upload', () => {
  it('opens a Hancom HWP file and keeps it for its uploader to download', async () => {
    const original = fixture('ohah-selfintroduce.hwp');
    const response = await upload('teacher', original, '자기소개서.hwp');
    expect(response.status, await response.clone().text()).toBe(200);
    const body = (await response.json()) as UploadBody;
    expect(body.fileType).toBe('hwp');
    expect(body.fileName).toBe('자기소개서.hwp');
    expect(body.fileUrl).toMatch(/^upload-[0-9a-f-]{36}$/);
    expect(body.text).toContain('나를 소개 합니다');
    expect(body.document.type).toBe('doc');
    expect(JSON.stringify(body.document)).toContain('자유로운 영혼');

    const download = await call('teacher', 'GET', body.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(HWP_MIME);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="document.hwp"; filename*=UTF-8''${encodeURIComponent('자기소개서.hwp')}`,
    );
    expect(Buffer.from(await bytesOf(download)).equals(original)).toBe(true);
  });

  it('opens HWPX by its content even under a wrong name', async () => {
    const response = await upload('teacher', fixture('ohah-example.hwpx'), '삼강오륜.docx');
    expect(response.status).toBe(200);
    const body = (await response.json()) as UploadBody;
    expect(body.fileType).toBe('hwpx');
    // The name keeps what the teacher called it, with the extension the content has.
    expect(body.fileName).toBe('삼강오륜.docx.hwpx');
    expect(body.text).toContain('군위신강');
    const download = await call('teacher', 'GET', `/api/v1/hwp/download?fileUrl=${body.fileUrl}`);
    expect(download.headers.get('content-type')).toBe(HWPX_MIME);
  });

  it('opens a DOCX written by our own writer', async () => {
    const docx = await writeDocx(
      doc([heading(1, '가정통신문'), paragraph('현장 체험 학습을 안내드립니다.')]),
    );
    const response = await upload('teacher', docx, '가정통신문.docx');
    expect(response.status).toBe(200);
    const body = (await response.json()) as UploadBody;
    expect(body.fileType).toBe('docx');
    expect(body.text).toContain('현장 체험 학습을 안내드립니다.');
    const download = await call(
      'teacher',
      'GET',
      `/api/v1/hwp/download?fileUrl=${body.fileUrl}&fileName=${encodeURIComponent('안내문 최종')}`,
    );
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe(DOCX_MIME);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('안내문 최종.docx')}`,
    );
    expect(await textOf(download)).toContain('현장 체험 학습');
  });

  it('refuses hostile and unsupported files with E_FILE_001 and says why, and keeps serving', async () => {
    const refusal = async (bytes: Uint8Array, name: string) => {
      const response = await upload('teacher', bytes, name);
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.code).toBe('E_FILE_001');
      return body.details?.[0]?.message ?? '';
    };
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    expect(await refusal(exe, '학생 보고서.hwp')).toContain('지원하지 않는 파일 형식');
    const bomb = zipBomb(40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(bomb, '평가계획.hwpx')).toContain('압축을 풀면');
    expect(await refusal(new TextEncoder().encode('%PDF-1.7\n'), 'a.pdf')).toContain('hwp, hwpx, docx');
    expect(await refusal(new Uint8Array(0), 'empty.hwp')).toContain('손상');
    expect(await refusal(fixture('ohah-password-12345.hwpx'), '암호.hwpx')).toContain('암호');
    const hwp = fixture('ohah-selfintroduce.hwp');
    expect(await refusal(hwp.subarray(0, hwp.length / 2), '잘린.hwp')).toContain('손상');
    const english = await fetch(`${t.origin}/api/v1/hwp/upload`, {
      method: 'POST',
      headers: { ...(await world.headersFor('teacher')), 'accept-language': 'en' },
      body: fileForm(exe, 'a.hwp'),
    });
    expect(((await english.json()) as ErrorBody).details?.[0]?.message).toContain('Unsupported file type');
    const noFile = new FormData();
    noFile.append('title', '제목');
    const missing = await call('teacher', 'POST', '/api/v1/hwp/upload', noFile);
    expect(((await missing.json()) as ErrorBody).details?.[0]?.message).toBe('파일을 첨부해주세요.');
    expect((await fetch(`${t.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${t.origin}/readyz`)).status).toBe(200);
  });

  it('is for teachers only', async () => {
    const docx = await writeDocx(doc([paragraph('본문')]));
    expect((await upload('anonymous', docx, 'a.docx')).status).toBe(401);
    expect((await upload('student', docx, 'a.docx')).status).toBe(403);
    expect((await upload('admin', docx, 'a.docx')).status).toBe(200);
  });
});

describe('GET /api/v1/hwp/download', () => {
  let own: UploadBody;
  beforeAll(async () => {
    const docx = await writeDocx(doc([paragraph('남의 파일')]));
    own = (await (await upload('otherSchoolTeacher', docx, '남의 파일.docx')).json()) as UploadBody;
  });

  it("never serves another user's upload, a path or anything that is not an id", async () => {
    const attempts = [
      own.fileUrl,
      '../../../../etc/passwd',
      '/etc/passwd',
      `../${own.fileUrl}`,
      `${own.fileUrl}/../../x`,
      `documents/${world.users.teacher2!.id}/${own.fileUrl.slice('upload-'.length)}`,
      `upload-${own.fileUrl.slice('upload-'.length)}.json`,
      'upload-00000000-0000-0000-0000-000000000000',
      'library-999999.hwpx',
      'library-1.exe',
      'C:\\Windows\\win.ini',
      'file:///etc/passwd',
      'https://example.com/a.hwpx',
    ];
    for (const fileUrl of attempts) {
      const response = await call(
        'teacher',
        'GET',
        `/api/v1/hwp/download?fileUrl=${encodeURIComponent(fileUrl)}`,
      );
      expect(response.status, fileUrl).toBe(404);
      expect(((await response.json()) as ErrorBody).code).toBe('E_NOT_FOUND');
    }
    // Raw traversal in the query string, not encoded.
    const raw = await call('teacher', 'GET', '/api/v1/hwp/download?fileUrl=../../etc/passwd');
    expect(raw.status).toBe(404);
    expect((await call('teacher', 'GET', '/api/v1/hwp/download')).status).toBe(400);
    // The owner still gets it.
    const mine = await call('otherSchoolTeacher', 'GET', own.downloadUrl);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe(DOCX_MIME);
  });

  it('serves library items the caller may view, as an export in the asked format', async () => {
    const shared = await item('teacher3', { visibility: 'SCHOOL', title: '학교 공유 요약' });
    const ok = await call('teacher', 'GET', `/api/v1/hwp/download?fileUrl=library-${shared}.pdf`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe(PDF_MIME);
    expect(ok.headers.get('content-disposition')).toContain(encodeURIComponent('학교 공유 요약.pdf'));
    const hidden = await call(
      'otherSchoolTeacher',
      'GET',
      `/api/v1/hwp/download?fileUrl=library-${shared}.pdf`,
    );
    expect(hidden.status).toBe(404);
  });
});

describe('library items as documents', () => {
  it('exports a summary as HWP, HWPX, DOCX and PDF that read back with its text', async () => {
    const id = await item('teacher', { title: '2학기 광합성 요약' });
    for (const [format, mime] of [
      ['hwp', 'application/x-hwp'],
      ['hwpx', HWPX_MIME],
      ['docx', DOCX_MIME],
      ['pdf', PDF_MIME],
    ] as const) {
      const response = await call('teacher', 'GET', `/api/v1/document/library/${id}/export?format=${format}`);
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-type')).toBe(mime);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="2_.${format}"; filename*=UTF-8''${encodeURIComponent(`2학기 광합성 요약.${format}`)}`,
      );
      const text = await textOf(response, `a.${format}`);
      expect(text, format).toContain('엽록체');
      expect(text, format).toContain('식물은 빛 에너지로 포도당을 만든다.');
    }
    const lesson = await call('teacher', 'POST', `/api/v1/document/library/${id}/lesson`);
    expect(lesson.status).toBe(200);
    // document-tools.md: the lesson call "downloads an hwp file".
    expect(lesson.headers.get('content-type')).toBe('application/x-hwp');
    expect(await textOf(lesson, 'a.hwp')).toContain('광합성 핵심 요약');
    // Without a format, an export is .hwp (core.md §9).
    const plain = await call('teacher', 'GET', `/api/v1/document/library/${id}/export`);
    expect(plain.headers.get('content-type')).toBe('application/x-hwp');
    expect(await textOf(plain, 'a.hwp')).toContain('엽록체');
    const wrongFormat = await call('teacher', 'GET', `/api/v1/document/library/${id}/export?format=exe`);
    expect(wrongFormat.status).toBe(400);
  });

  it('saves an edited document that the exports then carry, and keeps the tool result', async () => {
    const id = await item('teacher');
    const edited = doc([heading(1, '고친 광합성 자료'), paragraph('선생님이 직접 고친 문단입니다.')]);
    const saved = await call('teacher', 'PUT', `/api/v1/document/library/${id}`, {
      title: '고친 제목',
      document: edited,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = (await saved.json()) as DocumentBody;
    expect(body.title).toBe('고친 제목');
    expect(body.edited).toBe(true);
    expect(body.document.content).toEqual(edited.content);
    expect(body.document.attrs?.title).toBe('고친 제목');

    const exported = await call('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
    const text = await textOf(exported, 'a.hwpx');
    expect(text).toContain('선생님이 직접 고친 문단입니다.');
    expect(text).not.toContain('엽록체');
    // The summary tool still reads its own result.
    const summary = await call('teacher', 'GET', `/api/v1/summary/library/${id}`);
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { result: { keywords: unknown[] } }).result.keywords).toHaveLength(1);
    // The library card's excerpt is unaffected by the stored model.
    expect((await library.find(id))?.excerpt).toContain('광합성 핵심 요약');

    const invalid = await call('teacher', 'PUT', `/api/v1/document/library/${id}`, {
      document: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ErrorBody).code).toBe('E_VALIDATION');
  });

  it('keeps the font face, size, spacing and margins a teacher set, in the save and the exports', async () => {
    const id = await item('teacher');
    const styled = paragraph([
      text('글꼴을 바꾼 문단', [{ type: 'textStyle', attrs: { fontFamily: '맑은 고딕', fontSize: 14 } }]),
    ]);
    styled.attrs = { lineHeight: 200, spaceAfter: 8 };
    const edited = doc([styled], {
      margins: { top: 25, bottom: 20, left: 25, right: 25, header: 12, footer: 12 },
    });
    const saved = await call('teacher', 'PUT', `/api/v1/document/library/${id}`, { document: edited });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = (await saved.json()) as DocumentBody;
    expect(body.document.content).toEqual(edited.content);
    expect(body.document.attrs).toMatchObject({ margins: edited.attrs?.margins });

    for (const format of ['hwpx', 'docx'] as const) {
      const exported = await call('teacher', 'GET', `/api/v1/document/library/${id}/export?format=${format}`);
      const read = await readDocument(new Uint8Array(await exported.arrayBuffer()), `a.${format}`);
      expect(read.document?.content, format).toEqual(edited.content);
      expect(read.document?.attrs?.margins, format).toEqual(edited.attrs?.margins);
    }

    const unknownFace = await call('teacher', 'PUT', `/api/v1/document/library/${id}`, {
      document: doc([
        paragraph([text('x', [{ type: 'textStyle', attrs: { fontFamily: 'Comic Sans' as never } }])]),
      ]),
    });
    expect(unknownFace.status).toBe(400);
  });

  it('saves the HWP editor document to My Materials as an HWP_EDITOR item', async () => {
    const document = doc([heading(1, '학급 규칙'), paragraph('서로 존중합니다.')]);
    const created = await call('teacher', 'POST', '/api/v1/document/library', {
      title: '우리 반 규칙',
      document,
      accessLevel: 'PRIVATE',
      editable: false,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const row = await library.find(id);
    expect(row).toMatchObject({
      libraryType: 'HWP_EDITOR',
      materialType: 'document',
      status: 3,
      visibility: 'PRIVATE',
      editable: 0,
      creatorId: world.users.teacher!.id,
    });
    expect(row?.excerpt.startsWith('우리 반 규칙 학급 규칙 서로 존중합니다.')).toBe(true);
    const read = (await (
      await call('teacher', 'GET', `/api/v1/document/library/${id}`)
    ).json()) as DocumentBody;
    // Written in the editor, not generated: there is no original it could differ from ("편집됨").
    expect(read).toMatchObject({ id, title: '우리 반 규칙', libraryType: 'HWP_EDITOR', edited: false });
    expect(read.document.content).toEqual(document.content);
    const pdf = await call('teacher', 'GET', `/api/v1/document/library/${id}/export?format=pdf`);
    expect(await textOf(pdf, 'a.pdf')).toContain('서로 존중합니다.');
    // Editing it again replaces the document.
    await call('teacher', 'PUT', `/api/v1/document/library/${id}`, {
      document: doc([paragraph('바뀐 규칙')]),
    });
    expect((await library.find(id))?.excerpt.startsWith('우리 반 규칙 바뀐 규칙')).toBe(true);
    expect((await call('sameSchoolTeacher', 'GET', `/api/v1/document/library/${id}`)).status).toBe(404);
    const bad = await call('teacher', 'POST', '/api/v1/document/library', { title: '', document });
    expect(bad.status).toBe(400);
    expect((await call('student', 'POST', '/api/v1/document/library', { title: 'a', document })).status).toBe(
      403,
    );
  });

  it("downloads the editor's document without saving it, in every format, and keeps nothing", async () => {
    const countItems = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('libraryItem')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countItems();
    const document = doc([heading(1, '현장체험학습 안내'), paragraph('도시락과 물을 챙겨 주세요.')]);
    for (const [format, mime] of [
      ['hwp', HWP_MIME],
      ['hwpx', HWPX_MIME],
      ['docx', DOCX_MIME],
      ['pdf', PDF_MIME],
    ] as const) {
      const response = await call('teacher', 'POST', '/api/v1/document/export', {
        title: '체험학습 안내문',
        document,
        format,
      });
      expect(response.status, format).toBe(200);
      expect(response.headers.get('content-type')).toBe(mime);
      expect(response.headers.get('content-disposition')).toContain(
        encodeURIComponent(`체험학습 안내문.${format}`),
      );
      expect(await textOf(response, `a.${format}`), format).toContain('도시락과 물을 챙겨 주세요.');
    }
    // Without a format, .hwp (core.md §9).
    const plain = await call('teacher', 'POST', '/api/v1/document/export', { title: '안내', document });
    expect(plain.headers.get('content-type')).toBe(HWP_MIME);
    expect(await countItems()).toBe(before);

    const invalid = await call('teacher', 'POST', '/api/v1/document/export', {
      title: '안내',
      document: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ErrorBody).code).toBe('E_VALIDATION');
    const untitled = await call('teacher', 'POST', '/api/v1/document/export', { title: ' ', document });
    expect(untitled.status).toBe(400);
    expect(
      (await call('student', 'POST', '/api/v1/document/export', { title: '안내', document })).status,
    ).toBe(403);
  });

  it('reads lesson-like and unknown contents, and refuses to export a document still being made', async () => {
    const lesson = await item('teacher', {
      libraryType: 'LESSON',
      materialType: 'lesson',
      title: '분수 수업',
      content: JSON.stringify({
        title: '초등 3학년 수학 분수 수업 계획',
        sections: [{ heading: '학습 목표와 흐름', paragraphs: ['색종이를 접어 1/2을 만든다.'] }],
      }),
    });
    const docx = await call('teacher', 'GET', `/api/v1/document/library/${lesson}/export?format=docx`);
    expect(await textOf(docx, 'a.docx')).toContain('색종이를 접어 1/2을 만든다.');
    const pending = await item('teacher', { status: 2, content: null });
    const read = (await (
      await call('teacher', 'GET', `/api/v1/document/library/${pending}`)
    ).json()) as DocumentBody;
    expect(read.document.type).toBe('doc');
    expect((await call('teacher', 'GET', `/api/v1/document/library/${pending}/export`)).status).toBe(404);
    const unfinished = await call('teacher', 'PUT', `/api/v1/document/library/${pending}`, {
      document: doc([]),
    });
    expect(unfinished.status).toBe(409);
    // Its own code: E_CONFLICT_001 means a taken user name and nothing else.
    expect(((await unfinished.json()) as { code: string }).code).toBe('E_NOT_READY');
  });
});

describe('authorization across personas', () => {
  const personas: AnyPersona[] = [
    'teacher',
    'sameSchoolTeacher',
    'otherSchoolTeacher',
    'student',
    'admin',
    'anonymous',
  ];

  async function statuses(id: number) {
    const out: Record<string, [number, number, number, number]> = {};
    for (const persona of personas) {
      const get = await call(persona, 'GET', `/api/v1/document/library/${id}`);
      const exported = await call(persona, 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
      const download = await call(persona, 'GET', `/api/v1/hwp/download?fileUrl=library-${id}.docx`);
      const put = await call(persona, 'PUT', `/api/v1/document/library/${id}`, {
        document: doc([paragraph(`${persona}의 수정`)]),
      });
      out[persona] = [get.status, exported.status, download.status, put.status];
    }
    return out;
  }

  it('follows the material policy for a SCHOOL item', async () => {
    const id = await item('teacher', { visibility: 'SCHOOL' });
    expect(await statuses(id)).toEqual({
      teacher: [200, 200, 200, 200],
      sameSchoolTeacher: [200, 200, 200, 403],
      otherSchoolTeacher: [404, 404, 404, 404],
      student: [403, 403, 403, 403],
      admin: [200, 200, 200, 403],
      anonymous: [401, 401, 401, 401],
    });
    const asColleague = (await (
      await call('sameSchoolTeacher', 'GET', `/api/v1/document/library/${id}`)
    ).json()) as DocumentBody;
    expect(asColleague.abilities).toMatchObject({ view: true, edit: false });
    const asOwner = (await (
      await call('teacher', 'GET', `/api/v1/document/library/${id}`)
    ).json()) as DocumentBody;
    expect(asOwner.abilities).toMatchObject({ view: true, edit: true, changeSettings: true });
  });

  it('hides a PRIVATE item from everyone but its creator, and shows a PUBLIC one to every teacher', async () => {
    const privateId = await item('teacher', { visibility: 'PRIVATE' });
    expect(await statuses(privateId)).toEqual({
      teacher: [200, 200, 200, 200],
      sameSchoolTeacher: [404, 404, 404, 404],
      otherSchoolTeacher: [404, 404, 404, 404],
      student: [403, 403, 403, 403],
      admin: [404, 404, 404, 404],
      anonymous: [401, 401, 401, 401],
    });
    const publicId = await item('teacher', { visibility: 'PUBLIC' });
    expect(await statuses(publicId)).toEqual({
      teacher: [200, 200, 200, 200],
      sameSchoolTeacher: [200, 200, 200, 403],
      otherSchoolTeacher: [200, 200, 200, 403],
      student: [403, 403, 403, 403],
      admin: [200, 200, 200, 403],
      anonymous: [401, 401, 401, 401],
    });
  });
});

describe('POST /api/v1/hwp/conversion/html', () => {
  it('renders a document safely', async () => {
    const response = await call('teacher', 'POST', '/api/v1/hwp/conversion/html', {
      document: doc([heading(1, '<script>alert(1)</script>'), paragraph('본문 & 내용')]),
    });
    expect(response.status).toBe(200);
    const { html } = (await response.json()) as { html: string };
    expect(html).toBe(
      '<article class="document"><h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1><p>본문 &amp; 내용</p></article>',
    );
    const invalid = await call('teacher', 'POST', '/api/v1/hwp/conversion/html', {
      document: { type: 'doc', content: [{ type: 'iframe' }] },
    });
    expect(invalid.status).toBe(400);
    expect((await call('teacher', 'POST', '/api/v1/hwp/conversion/html', { nothing: true })).status).toBe(
      400,
    );
  });

  it('renders an uploaded HWPX file', async () => {
    const response = await call(
      'teacher',
      'POST',
      '/api/v1/hwp/conversion/html',
      fileForm(fixture('ohah-example.hwpx'), '삼강오륜.hwpx'),
    );
    expect(response.status).toBe(200);
    const { html } = (await response.json()) as { html: string };
    expect(html).toContain('군위신강');
    expect(html).not.toMatch(/<script/i);
    const exe = new Uint8Array(64);
    exe.set([0x7f, 0x45, 0x4c, 0x46]);
    const refused = await call('teacher', 'POST', '/api/v1/hwp/conversion/html', fileForm(exe, 'a.hwpx'));
    expect(((await refused.json()) as ErrorBody).code).toBe('E_FILE_001');
  });
});

it('documents the calls in the OpenAPI document', async () => {
  const response = await fetch(`${t.origin}/api/docs/json`);
  expect(response.status).toBe(200);
  const paths = Object.keys(((await response.json()) as { paths: Record<string, unknown> }).paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/v1/hwp/upload',
      '/api/v1/hwp/conversion/html',
      '/api/v1/hwp/download',
      '/api/v1/document/library/{id}',
      '/api/v1/document/library/{id}/export',
      '/api/v1/document/library/{id}/lesson',
      '/api/v1/document/library',
    ]),
  );
});

it('limits document reads per teacher, not per school address', async () => {
  const body = { document: doc([paragraph('미리보기')]) };
  let limited: Response | undefined;
  for (let i = 0; i < 70 && !limited; i++) {
    const response = await call('teacher', 'POST', '/api/v1/hwp/conversion/html', body);
    if (response.status === 429) limited = response;
    else expect(response.status).toBe(200);
  }
  expect(limited, 'the 61st read in a minute is refused').toBeDefined();
  expect(((await limited!.json()) as ErrorBody).code).toBe('E_TOO_MANY_REQUESTS');
  // A colleague behind the same address still reads.
  expect((await call('sameSchoolTeacher', 'POST', '/api/v1/hwp/conversion/html', body)).status).toBe(200);
});
