import { extractText } from '@ssaem/documents';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Line {
  speaker: string;
  text: string;
}
interface Panel {
  scene: string;
  setting: string;
  narration: string;
  dialogue: Line[];
  imageUrl: string | null;
}
interface Item {
  id: number;
  status: number;
  title: string;
  visibility: string;
  result: {
    topic: string;
    grade: string;
    characters: { name: string; role: string }[];
    panels: Panel[];
    engine: 'model' | 'offline';
    notice: string | null;
  } | null;
  input: { topic: string; facts: string; panelCount: number; characters: string[]; gradeName: string } | null;
}

const BASE = '/api/v1/webtoon';
const setup = (env: Record<string, string>) => buildToolTestContext<Item>(BASE, env);

const form = (overrides: Record<string, unknown> = {}) => ({
  title: '광합성 웹툰',
  topic: '광합성',
  gradeSeq: 15,
  facts: '식물은 빛을 받아 스스로 양분을 만든다.\n이때 이산화 탄소와 물이 쓰이고 산소가 나온다.',
  panelCount: 4,
  ...overrides,
});

const allText = (item: Item) =>
  (item.result?.panels ?? []).flatMap((p) => [p.narration, ...p.dialogue.map((l) => l.text)]).join('\n');

describe('webtoon without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  it("drafts the teacher's facts into panels, in grammatical Korean, and says it is an offline draft", async () => {
    const created = await ctx.request('teacher', 'POST', '/generate/webtoon', form());
    expect(created.status).toBe(201);
    const item = await ctx.waitDone(((await created.json()) as { id: number }).id);
    expect(item.status).toBe(3);
    const result = item.result;
    expect(result?.engine).toBe('offline');
    expect(result?.notice).toContain('오프라인 초안');
    expect(result?.panels).toHaveLength(4);
    const text = allText(item);
    expect(text).toContain('식물은 빛을 받아 스스로 양분을 만든다.');
    expect(text).toContain('이산화 탄소와 물이 쓰이고 산소가 나온다.');
    // 광합성 ends in a consonant: 광합성이, 광합성을.
    expect(text).toContain('광합성이 뭘까?');
    expect(text).toContain('광합성을 친구에게 설명할 수 있어!');
    expect(text).not.toMatch(/광합성가|광합성를/);
    expect(result?.characters.map((c) => c.name)).toEqual(['하늘', '선생님']);
    for (const panel of result?.panels ?? []) {
      for (const line of panel.dialogue) expect(['하늘', '선생님']).toContain(line.speaker);
      expect(panel.imageUrl).toBeNull();
    }

    // A vowel-final topic takes the other particles, and the teacher's names are the cast.
    const other = await ctx.createAndWait(
      form({ topic: '분수', facts: '', panelCount: 6, characters: ['민지', '도윤'] }),
    );
    const otherText = allText(other);
    expect(other.result?.panels).toHaveLength(6);
    expect(otherText).toContain('분수가 뭘까?');
    expect(otherText).toContain('분수를 친구에게 설명할 수 있어!');
    expect(other.result?.characters.map((c) => c.name)).toEqual(['민지', '도윤']);
  });

  it('draws the strip as SVG with the Korean dialogue in bubbles, and exports PNG and PDF', {
    timeout: 60_000,
  }, async () => {
    const item = await ctx.createAndWait(form());
    const svgResponse = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/svg`);
    expect(svgResponse.status).toBe(200);
    expect(svgResponse.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await svgResponse.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('광합성이 뭘까?');
    expect(svg).toContain('식물은 빛을 받아 스스로');
    expect(svg.match(/data-panel="/g)).toHaveLength(4);
    expect((svg.match(/data-bubble=""/g) ?? []).length).toBe(
      item.result?.panels.reduce((n, p) => n + p.dialogue.length, 0),
    );

    const png = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(image.width).toBe(1600);
    expect(image.height).toBeGreaterThan(4 * 470 * 2);
    // Not blank: the drawn panels hold dark outlines and text.
    let dark = 0;
    for (let i = 0; i < image.data.length; i += 4)
      if ((image.data[i] ?? 255) < 60 && (image.data[i + 1] ?? 255) < 60) dark += 1;
    expect(dark).toBeGreaterThan(10_000);

    const pdf = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('.pdf');
    const pdfBytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(pdfBytes.slice(0, 5))).toBe('%PDF-');
    const pdfText = await extractText(pdfBytes, 'webtoon.pdf');
    expect(pdfText.replace(/\s+/g, '')).toContain('광합성이뭘까?');

    const downloaded = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=svg`);
    expect(await downloaded.text()).toContain('광합성이 뭘까?');
    expect((await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=gif`)).status).toBe(400);
  });

  it('saves edited panel text, checks the speakers and the panel count', async () => {
    const item = await ctx.createAndWait(form());
    const panels = (item.result?.panels ?? []).map((p) => ({ narration: p.narration, dialogue: p.dialogue }));
    const first = panels[0];
    if (!first) throw new Error('no panel');
    first.dialogue = [{ speaker: '하늘', text: '잎에서 양분이 만들어진다고?' }];
    const saved = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { panels });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Item).result?.panels[0]?.dialogue).toEqual([
      { speaker: '하늘', text: '잎에서 양분이 만들어진다고?' },
    ]);
    expect(await (await ctx.request('teacher', 'GET', `${BASE}/${item.id}/svg`)).text()).toContain(
      '잎에서 양분이 만들어진다고?',
    );

    const stranger = structuredClone(panels);
    (stranger[1] as { dialogue: Line[] }).dialogue = [{ speaker: '악당', text: '안녕' }];
    const badSpeaker = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, { panels: stranger });
    expect(badSpeaker.status).toBe(400);
    expect(JSON.stringify(await badSpeaker.json())).toContain('등장인물 중에서 골라주세요.');
    const fewer = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, {
      panels: [...panels, panels[0]],
    });
    expect(fewer.status).toBe(400);
    const tooLong = await ctx.request('teacher', 'PUT', `${BASE}/${item.id}`, {
      panels: panels.map((p) => ({ ...p, narration: '가'.repeat(81) })),
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain('해설은 80자 안으로 써주세요.');
    // A colleague who may read it may not change it.
    expect((await ctx.request('sameSchoolTeacher', 'PUT', `${BASE}/${item.id}`, { panels })).status).toBe(
      403,
    );
  });

  it('keeps the form for recreate and makes it again with a changed one', async () => {
    const item = await ctx.createAndWait(form({ characters: ['지호'] }));
    expect(item.input).toMatchObject({ topic: '광합성', panelCount: 4, characters: ['지호'] });
    expect(item.input?.gradeName).toBeTruthy();
    const again = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: form({ characters: ['지호'], panelCount: 6, topic: '물의 순환' }),
    });
    expect(again.status).toBe(200);
    const remade = await ctx.waitDone(item.id);
    expect(remade.result?.panels).toHaveLength(6);
    expect(remade.result?.topic).toBe('물의 순환');
    expect(remade.input).toMatchObject({ topic: '물의 순환', panelCount: 6 });
    const invalid = await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`, {
      input: form({ panelCount: 9 }),
    });
    expect(invalid.status).toBe(400);
    // The same form again, with no body.
    expect((await ctx.request('teacher', 'POST', `${BASE}/${item.id}/re-create`)).status).toBe(200);
    expect((await ctx.waitDone(item.id)).result?.panels).toHaveLength(6);
  });

  it('validates, refuses those without a licence or the role, and lists, copies and deletes', async () => {
    const missing = await ctx.request('teacher', 'POST', BASE, { title: '웹툰' });
    expect(missing.status).toBe(400);
    const body = JSON.stringify(await missing.json());
    expect(body).toContain('주제를 입력해주세요.');
    expect(body).toContain('학년을 선택해주세요.');
    expect((await ctx.request('teacher', 'POST', BASE, form({ panelCount: 3 }))).status).toBe(400);
    expect((await ctx.request('teacher', 'POST', BASE, form({ gradeSeq: 999_999 }))).status).toBe(400);
    const unlicensed = await ctx.request('unlicensed', 'POST', '/generate/webtoon', form());
    expect(unlicensed.status).toBe(403);
    expect(((await unlicensed.json()) as { code: string }).code).toBe('E_LICENSE_001');
    expect((await ctx.request('student', 'POST', BASE, form())).status).toBe(403);
    expect((await ctx.request('anonymous', 'POST', BASE, form())).status).toBe(401);

    const item = await ctx.createAndWait(form({ accessLevel: 'PRIVATE' }));
    expect(item.visibility).toBe('PRIVATE');
    expect((await ctx.request('sameSchoolTeacher', 'GET', `${BASE}/${item.id}`)).status).toBe(404);
    expect((await ctx.request('sameSchoolTeacher', 'GET', `${BASE}/${item.id}/export`)).status).toBe(404);
    const list = (await (await ctx.request('teacher', 'GET', `${BASE}/list`)).json()) as Item[];
    expect(list.some((i) => i.id === item.id)).toBe(true);
    const library = await ctx.request('teacher', 'GET', `${BASE}/library/${item.id}`);
    expect(library.status).toBe(200);
    const copy = await ctx.request('teacher', 'POST', `${BASE}/copy`, { id: item.id });
    expect(copy.status).toBe(201);
    const { id: copyId } = (await copy.json()) as { id: number };
    expect((await ctx.request('teacher', 'DELETE', `${BASE}/${copyId}`)).status).toBe(200);
    expect((await ctx.request('teacher', 'GET', `${BASE}/${copyId}`)).status).toBe(404);
  });
});

describe('webtoon with a model and an image model', () => {
  let fake: FakeLlm;
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model', AI_IMAGE_MODEL: 'fake-image' });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it("uses the model's script, held to the form, and one drawn picture a panel", {
    timeout: 60_000,
  }, async () => {
    const panel = (n: number) => ({
      scene: `${n}번째 장면: 교실에서 물의 순환을 이야기한다`,
      setting: n % 2 ? 'outdoor' : 'classroom',
      narration: `${n}컷 해설`,
      dialogue: [
        { speaker: '비비', text: `${n}컷에서 비비가 말해요.` },
        { speaker: '누군가', text: '이름이 없는 사람의 말' },
      ],
    });
    fake.enqueue({
      content: JSON.stringify({
        characters: [
          { name: '비비', role: '물방울' },
          { name: '해님', role: '태양' },
        ],
        panels: [1, 2, 3, 4, 5].map(panel),
      }),
    });
    const item = await ctx.createAndWait(form({ topic: '물의 순환', facts: '물은 증발한다.' }));
    expect(item.status).toBe(3);
    expect(item.result?.engine).toBe('model');
    expect(item.result?.notice).toBeNull();
    // Four panels as asked, speakers from the cast only.
    expect(item.result?.panels).toHaveLength(4);
    expect(item.result?.characters.map((c) => c.name)).toEqual(['비비', '해님']);
    expect(item.result?.panels[0]?.dialogue.map((l) => l.speaker)).toEqual(['비비', '비비']);
    const sent = JSON.stringify(
      fake.requests.find((r) => JSON.stringify(r.body).includes('물은 증발한다'))?.body,
    );
    expect(sent).toContain('물의 순환');
    expect(fake.imageRequests).toHaveLength(4);
    expect(fake.imageRequests[0]?.prompt).toContain('1번째 장면');
    const url = item.result?.panels[0]?.imageUrl ?? '';
    expect(url).toMatch(/^\/api\/v1\/webtoon\/images\/[0-9a-f-]{36}\.png$/);
    const picture = await fetch(`${ctx.t.origin}${url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    const svg = await (await ctx.request('teacher', 'GET', `${BASE}/${item.id}/svg`)).text();
    expect(svg).toContain(`href="${url}"`);
    const exported = await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export?format=svg`);
    expect(await exported.text()).toContain('href="data:image/png;base64,');
    const png = PNG.sync.read(
      Buffer.from(await (await ctx.request('teacher', 'GET', `${BASE}/${item.id}/export`)).arrayBuffer()),
    );
    expect(png.width).toBe(1600);
  });
});
