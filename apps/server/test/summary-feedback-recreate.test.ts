import { doc, heading, paragraph, writeDocx, writeHwpx } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyPersona } from './demo-world.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface KeptFile {
  id: string;
  name: string;
  size: number;
  type: string;
  available?: boolean;
}

interface Item {
  id: number;
  status: number;
  title: string;
  result: Record<string, unknown> | null;
  input?: (Record<string, unknown> & { keptFiles: KeptFile[] }) | null;
}

const SUMMARY = '/api/v1/summary';
const FEEDBACK = '/api/v1/feedback';

const PHOTOSYNTHESIS = [
  '광합성은 식물이 빛 에너지를 이용해 양분을 만드는 과정이다.',
  '식물의 잎에 있는 엽록체에서 광합성이 일어난다.',
  '광합성에는 물과 이산화 탄소가 필요하고, 그 결과 포도당과 산소가 만들어진다.',
].join(' ');
const VOLCANO = [
  '화산은 땅속의 마그마가 지표로 분출하여 만들어진 지형이다.',
  '화산이 분출할 때 용암과 화산재, 화산 가스가 나온다.',
  '제주도의 한라산은 화산 활동으로 만들어졌다.',
].join(' ');
const ESSAY = `우리 학교의 급식 시간은 즐겁다. 먼저 급식실에 가면 맛있는 냄새가 난다.

오늘은 비빔밥이 나왔다. 왜냐하면 목요일은 비빔밥이 나오는 날이기 때문이다. 마지막으로 급식을 남기지 않는 것이 중요하다.`;

function multipart(field: string, form: unknown, files: { bytes: Uint8Array; name: string }[] = []) {
  const body = new FormData();
  body.append(field, JSON.stringify(form));
  for (const file of files) body.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

/** Reading and writing office files is slow on a loaded machine: room for it, nothing timed. */
const SLOW = 180_000;

const setup = (base: string) => buildToolTestContext<Item>(base, {});
type Context = Awaited<ReturnType<typeof setup>>;

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Re-creates as `persona`, waiting for the generation when it was accepted. */
async function recreate(
  ctx: Context,
  base: string,
  id: number,
  body?: unknown,
  persona: AnyPersona = 'teacher',
) {
  const response = await ctx.request(persona, 'POST', `${base}/${id}/re-create`, body);
  if (response.status === 200) {
    expect(await json<{ id: number }>(response)).toEqual({ id });
    return { status: 200, item: await ctx.waitDone(id) };
  }
  return {
    status: response.status,
    body: await json<{ code: string; details?: { path: string; message: string }[] }>(response),
  };
}

describe('summary: recreate keeps the form and the documents', () => {
  let ctx: Context;
  let hwpx: Uint8Array;
  beforeAll(async () => {
    ctx = await setup(SUMMARY);
    hwpx = await writeHwpx(doc([heading(1, '광합성'), paragraph(PHOTOSYNTHESIS)]));
  }, SLOW);
  afterAll(() => ctx.t.close());

  const documentForm = {
    title: '광합성 요약',
    summaryType: 'DOCUMENT_SUMMARY',
    summaryFormat: 'KEYWORD_SUMMARY',
  };

  it(
    'gives the creator the complete form back, with the document by reference; others get none',
    async () => {
      const item = await ctx.createAndWait(
        multipart('data', { ...documentForm, summaryDetails: '초등 5학년 수준으로', accessLevel: 'SCHOOL' }, [
          { bytes: hwpx, name: '광합성.hwpx' },
        ]),
      );
      expect(item.status).toBe(3);
      expect(item.input).toMatchObject({
        title: '광합성 요약',
        summaryType: 'DOCUMENT_SUMMARY',
        summaryFormat: 'KEYWORD_SUMMARY',
        summaryDetails: '초등 5학년 수준으로',
        accessLevel: 'SCHOOL',
      });
      const [file] = item.input?.keptFiles ?? [];
      expect(item.input?.keptFiles).toHaveLength(1);
      expect(file).toMatchObject({ name: '광합성.hwpx', size: hwpx.length, available: true });
      // The reference only: the text read from the file stays on the server.
      expect(JSON.stringify(item.input)).not.toContain('엽록체');
      // The creator can download the kept file; nobody else can.
      const download = await ctx.request('teacher', 'GET', `/api/v1/files/${file?.id}/content`);
      expect(download.status).toBe(200);
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(hwpx);
      expect(
        (await ctx.request('sameSchoolTeacher', 'GET', `/api/v1/files/${file?.id}/content`)).status,
      ).toBe(404);
      const seen = await json<Item>(await ctx.request('sameSchoolTeacher', 'GET', `${SUMMARY}/${item.id}`));
      expect(seen.input).toBeNull();
    },
    SLOW,
  );

  it(
    're-creates the same item from a changed form that keeps the document, then from a replaced one',
    async () => {
      const item = await ctx.createAndWait(
        multipart('data', documentForm, [{ bytes: hwpx, name: '광합성.hwpx' }]),
      );
      const kept = item.input?.keptFiles ?? [];
      // Changed format and title; the document kept (sent back as the form listed it).
      const changed = await recreate(ctx, SUMMARY, item.id, {
        input: { ...item.input, title: '광합성 쉬운 요약', summaryFormat: 'EASY_SUMMARY' },
      });
      expect(changed.item?.status).toBe(3);
      expect(changed.item?.title).toBe('광합성 쉬운 요약');
      expect(changed.item?.input).toMatchObject({ summaryFormat: 'EASY_SUMMARY', keptFiles: kept });
      expect(JSON.stringify(changed.item?.result?.summary)).toContain('광합성');

      // The document replaced by another: the old one is no longer kept, the new one is.
      const volcano = await writeDocx(doc([heading(1, '화산'), paragraph(VOLCANO)]));
      const replaced = await recreate(
        ctx,
        SUMMARY,
        item.id,
        multipart('data', { ...changed.item?.input, keptFiles: [] }, [{ bytes: volcano, name: '화산.docx' }]),
      );
      expect(replaced.item?.status).toBe(3);
      expect(JSON.stringify(replaced.item?.result?.summary)).toContain('화산');
      expect(JSON.stringify(replaced.item?.result?.summary)).not.toContain('광합성');
      expect(replaced.item?.input?.keptFiles.map((f) => f.name)).toEqual(['화산.docx']);
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${kept[0]?.id}/content`)).status).toBe(404);

      // A typed text instead: no document is kept any more.
      const newFile = replaced.item?.input?.keptFiles[0];
      const typed = await recreate(ctx, SUMMARY, item.id, {
        input: { ...replaced.item?.input, summaryType: 'TEXT_SUMMARY', inputText: VOLCANO },
      });
      expect(typed.item?.input).toMatchObject({
        summaryType: 'TEXT_SUMMARY',
        inputText: VOLCANO,
        keptFiles: [],
      });
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${newFile?.id}/content`)).status).toBe(404);

      // No body at all (the spec's re-create): again from the kept form.
      const again = await recreate(ctx, SUMMARY, item.id);
      expect(again.item?.status).toBe(3);
      expect(again.item?.input).toMatchObject({ summaryType: 'TEXT_SUMMARY', inputText: VOLCANO });
    },
    SLOW,
  );

  it(
    'validates a changed form exactly like a new one and keeps the item as it was',
    async () => {
      const item = await ctx.createAndWait(
        multipart('data', documentForm, [{ bytes: hwpx, name: '광합성.hwpx' }]),
      );
      const form = item.input ?? { keptFiles: [] };
      const refused = async (body: unknown) => {
        const answer = await recreate(ctx, SUMMARY, item.id, body);
        expect(answer.status).toBe(400);
        expect(answer.body?.code).toBe('E_VALIDATION');
        return answer.body?.details?.map((d) => d.message) ?? [];
      };
      expect(await refused({ input: { ...form, title: '' } })).toContain('제목을 입력해주세요.');
      expect(
        await refused({ input: { ...form, summaryType: 'TOPIC_SUMMARY', summaryTopic: ' ' } }),
      ).toContain('요약할 주제를 입력해주세요.');
      expect(await refused({ input: { ...form, keptFiles: [] } })).toContain('파일을 업로드해주세요.');
      // A reference the item does not hold (another item's file, a made-up one) reaches nothing.
      const other = await ctx.createAndWait(
        multipart('data', documentForm, [{ bytes: hwpx, name: '다른.hwpx' }]),
      );
      expect(await refused({ input: { ...form, keptFiles: other.input?.keptFiles } })).toContain(
        '이 자료에 보관된 파일이 아니에요.',
      );
      const text = { bytes: new TextEncoder().encode('그냥 글자'), name: 'a.txt' };
      expect(await refused(multipart('data', form, [text]))).toContain('지원하지 않는 파일 형식입니다.');
      const unchanged = await json<Item>(await ctx.request('teacher', 'GET', `${SUMMARY}/${item.id}`));
      expect(unchanged.input).toEqual(item.input);
      expect(unchanged.title).toBe(item.title);
    },
    SLOW,
  );

  it(
    "refuses someone else's item: seen → 403, not seen → 404, with or without a changed form",
    async () => {
      const item = await ctx.createAndWait({
        title: '학교 공개',
        summaryType: 'TEXT_SUMMARY',
        inputText: PHOTOSYNTHESIS,
        accessLevel: 'SCHOOL',
      });
      const hidden = await ctx.createAndWait({
        title: '나만',
        summaryType: 'TEXT_SUMMARY',
        inputText: PHOTOSYNTHESIS,
        accessLevel: 'PRIVATE',
      });
      const body = { input: { title: '남의 것', summaryType: 'TEXT_SUMMARY', inputText: VOLCANO } };
      for (const sent of [undefined, body]) {
        expect((await recreate(ctx, SUMMARY, item.id, sent, 'sameSchoolTeacher')).status).toBe(403);
        expect((await recreate(ctx, SUMMARY, item.id, sent, 'otherSchoolTeacher')).status).toBe(404);
        expect((await recreate(ctx, SUMMARY, hidden.id, sent, 'sameSchoolTeacher')).status).toBe(404);
        expect((await recreate(ctx, SUMMARY, item.id, sent, 'student')).status).toBe(403);
        expect((await recreate(ctx, SUMMARY, item.id, sent, 'anonymous')).status).toBe(401);
      }
      const still = await json<Item>(await ctx.request('teacher', 'GET', `${SUMMARY}/${item.id}`));
      expect(still.title).toBe('학교 공개');
    },
    SLOW,
  );

  it(
    'gives an item made before forms were kept its form back as far as it can',
    async () => {
      const item = await ctx.createAndWait({
        title: '예전 것',
        summaryType: 'TEXT_SUMMARY',
        inputText: VOLCANO,
      });
      const legacy = {
        summaryType: 'TEXT_SUMMARY',
        summaryFormat: 'EASY_SUMMARY',
        topic: '',
        text: VOLCANO,
        details: '짧게',
        grade: null,
      };
      await ctx.t.database.db
        .updateTable('libraryItem')
        .set({ input: JSON.stringify(legacy) })
        .where('id', '=', item.id)
        .execute();
      const read = await json<Item>(await ctx.request('teacher', 'GET', `${SUMMARY}/${item.id}`));
      expect(read.input).toMatchObject({
        summaryType: 'TEXT_SUMMARY',
        summaryFormat: 'EASY_SUMMARY',
        inputText: VOLCANO,
        summaryDetails: '짧게',
        keptFiles: [],
      });
      expect((await recreate(ctx, SUMMARY, item.id)).item?.status).toBe(3);
    },
    SLOW,
  );
});

describe('feedback: recreate keeps the form and the attachments', () => {
  let ctx: Context;
  let docx: Uint8Array;
  beforeAll(async () => {
    ctx = await setup(FEEDBACK);
    docx = await writeDocx(doc(ESSAY.split('\n\n').map((text) => paragraph(text))));
  }, SLOW);
  afterAll(() => ctx.t.close());

  const fileForm = {
    title: '급식 글',
    useManualType: false,
    items: ['grammar', 'composition'],
    query: '칭찬을 먼저',
    accessLevel: 'SCHOOL',
    editable: true,
  };

  it(
    're-creates from a changed form keeping the essay file, and deleting the item removes the file',
    async () => {
      const item = await ctx.createAndWait(
        multipart('inputDto', fileForm, [{ bytes: docx, name: '급식.docx' }]),
      );
      expect(item.input).toMatchObject({
        useManualType: false,
        items: ['grammar', 'composition'],
        query: '칭찬을 먼저',
      });
      expect(item.input?.keptFiles).toEqual([
        expect.objectContaining({ name: '급식.docx', size: docx.length, available: true }),
      ]);
      expect(JSON.stringify(item.input)).not.toContain('비빔밥');
      const areas = (result: Record<string, unknown> | null | undefined) =>
        ((result?.areas ?? []) as { area: string }[]).map((a) => a.area);
      expect(areas(item.result)).toEqual(['grammar', 'composition']);

      const changed = await recreate(
        ctx,
        FEEDBACK,
        item.id,
        multipart('inputDto', { ...item.input, items: ['vocabulary', 'ideas'] }),
      );
      expect(changed.item?.status).toBe(3);
      expect(areas(changed.item?.result)).toEqual(['vocabulary', 'ideas']);
      expect(changed.item?.input?.keptFiles).toEqual(item.input?.keptFiles);
      // Scored on the file's own text (its linking words), read when it was uploaded.
      expect(JSON.stringify(changed.item?.result)).toContain('먼저');

      const fileId = item.input?.keptFiles[0]?.id;
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${fileId}/content`)).status).toBe(200);
      expect((await ctx.request('teacher', 'DELETE', `${FEEDBACK}/${item.id}`)).status).toBe(200);
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${fileId}/content`)).status).toBe(404);
    },
    SLOW,
  );

  it(
    "a copy's files stay its original creator's: listed as not available, made again from the kept text",
    async () => {
      const item = await ctx.createAndWait(
        multipart('inputDto', fileForm, [{ bytes: docx, name: '급식.docx' }]),
      );
      const copied = await ctx.request('sameSchoolTeacher', 'POST', `${FEEDBACK}/copy`, { id: item.id });
      expect(copied.status).toBe(201);
      const { id: copyId } = await json<{ id: number }>(copied);
      const copy = await json<Item>(await ctx.request('sameSchoolTeacher', 'GET', `${FEEDBACK}/${copyId}`));
      expect(copy.input?.keptFiles).toEqual([
        expect.objectContaining({ name: '급식.docx', available: false }),
      ]);
      const response = await ctx.request('sameSchoolTeacher', 'POST', `${FEEDBACK}/${copyId}/re-create`, {
        input: { ...copy.input, items: ['ideas'] },
      });
      expect(response.status).toBe(200);
      // The copy's own teacher never downloads the original's file, and deleting the copy leaves it.
      const fileId = item.input?.keptFiles[0]?.id;
      expect((await ctx.request('sameSchoolTeacher', 'GET', `/api/v1/files/${fileId}/content`)).status).toBe(
        404,
      );
      expect((await ctx.request('sameSchoolTeacher', 'DELETE', `${FEEDBACK}/${copyId}`)).status).toBe(200);
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${fileId}/content`)).status).toBe(200);
    },
    SLOW,
  );

  it(
    'validates a changed form like a new one; a typed text replaces the files',
    async () => {
      const item = await ctx.createAndWait(
        multipart('inputDto', fileForm, [{ bytes: docx, name: '급식.docx' }]),
      );
      const messages = async (body: unknown) => {
        const answer = await recreate(ctx, FEEDBACK, item.id, body);
        expect(answer.status).toBe(400);
        return answer.body?.details?.map((d) => d.message) ?? [];
      };
      expect(await messages({ input: { ...item.input, items: [] } })).toContain(
        '피드백 영역을 하나 이상 선택해주세요.',
      );
      expect(await messages({ input: { ...item.input, keptFiles: [] } })).toContain('파일을 첨부해주세요.');
      expect(await messages({ input: { ...item.input, useManualType: true, targetContent: '' } })).toContain(
        '피드백할 글을 입력해주세요.',
      );
      const typed = await recreate(ctx, FEEDBACK, item.id, {
        input: { ...item.input, useManualType: true, targetContent: ESSAY },
      });
      expect(typed.item?.input).toMatchObject({ useManualType: true, targetContent: ESSAY, keptFiles: [] });
      const fileId = item.input?.keptFiles[0]?.id;
      expect((await ctx.request('teacher', 'GET', `/api/v1/files/${fileId}/content`)).status).toBe(404);
    },
    SLOW,
  );

  it(
    "refuses someone else's item with a changed form: seen → 403, not seen → 404",
    async () => {
      const item = await ctx.createAndWait({ title: '공개', targetContent: ESSAY, accessLevel: 'SCHOOL' });
      const body = { input: { title: '남의 것', targetContent: ESSAY } };
      expect((await recreate(ctx, FEEDBACK, item.id, body, 'sameSchoolTeacher')).status).toBe(403);
      expect((await recreate(ctx, FEEDBACK, item.id, body, 'otherSchoolTeacher')).status).toBe(404);
      expect((await recreate(ctx, FEEDBACK, item.id, body, 'admin')).status).toBe(403);
    },
    SLOW,
  );
});
