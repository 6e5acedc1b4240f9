import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { edutechImport } from '../src/db/seed/edutech.seed.ts';
import { parseEdutechQuestion } from '../src/modules/edutech/edutech-rules.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { askChat } from './chat-ask.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { textOfDeltas } from './sse-client.ts';

const referenceDir = loadConfig({}).REFERENCE_DATA_DIR;
const QUESTION = '초등 3학년 수학 수업에 쓸 만한 무료 도구';

async function catalogue(t: TestApp) {
  return t.database.db
    .selectFrom('edutechProduct')
    .select(['id', 'name', 'category', 'priceType', 'forElementary'])
    .execute();
}

describe('edutech in chat', () => {
  it('reads subject, level and "free" from a question', () => {
    expect(parseEdutechQuestion(QUESTION)).toEqual({
      category: 'MATH',
      level: 'ELEMENTARY',
      free: true,
      keyword: null,
    });
    expect(parseEdutechQuestion('중학교 코딩 수업 도구 추천해 줘')).toMatchObject({
      category: 'INFO_CODING',
      level: 'MIDDLE',
      free: false,
    });
    expect(parseEdutechQuestion('패들렛 같은 앱 알려 주세요').keyword).toBe('패들렛');
  });

  describe('offline', () => {
    let t: TestApp;
    let world: DemoWorld;
    beforeAll(async () => {
      t = await buildTestApp();
      world = await buildDemoWorld(t);
      await edutechImport(referenceDir).load(t.database.db);
    }, 120_000);
    afterAll(() => t.close());

    it('answers with free elementary math products of the catalogue, linked, and nothing else', async () => {
      const text = textOfDeltas(await askChat(t, world, QUESTION));
      expect(text).toContain('에듀테크 카탈로그에서 질문에 맞는 도구를 찾았어요.');
      const products = await catalogue(t);
      const linked = [...text.matchAll(/- \[([^\]]+)\]\(\/edutech\/(\d+)\)/g)].map((m) => ({
        name: m[1],
        id: Number(m[2]),
      }));
      expect(linked.length).toBeGreaterThan(0);
      for (const { name, id } of linked) {
        const product = products.find((p) => p.id === id);
        expect(product, name).toMatchObject({ name, category: 'MATH', priceType: 'FREE', forElementary: 1 });
      }
      expect(linked.map((p) => p.name)).toContain('똑똑! 수학탐험대');
      expect(text).toContain('[공식 사이트](https://www.toctocmath.kr/)');
    });

    it('says nothing of the catalogue when nothing matches', async () => {
      const text = textOfDeltas(await askChat(t, world, '고등학교 진로 수업에 쓸 무료 도구 있어?'));
      expect(text).not.toContain('에듀테크 카탈로그에서');
      expect(text).not.toMatch(/\/edutech\/\d+/);
    });
  });

  describe('with a model', () => {
    let t: TestApp;
    let world: DemoWorld;
    let fake: FakeLlm;
    beforeAll(async () => {
      fake = await startFakeLlm();
      t = await buildTestApp({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
      world = await buildDemoWorld(t);
      await edutechImport(referenceDir).load(t.database.db);
    }, 120_000);
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('offers a catalogue search whose results are catalogue products with their pages', async () => {
      fake.enqueue(
        { toolCall: { name: 'search_edutech', args: { question: QUESTION } } },
        { text: ['카탈로그의 ', '똑똑! 수학탐험대를 추천합니다.'] },
      );
      const frames = await askChat(t, world, QUESTION);
      expect(textOfDeltas(frames)).toContain('똑똑! 수학탐험대');
      const lastRequest = fake.requests.at(-1)?.body as
        | { messages: { role: string; content: unknown }[] }
        | undefined;
      const result = JSON.stringify(lastRequest?.messages.find((m) => m.role === 'tool')?.content);
      const math = (await catalogue(t)).find((p) => p.name === '똑똑! 수학탐험대');
      expect(result).toContain(`/edutech/${math?.id}`);
      expect(result).not.toContain('토도수학'); // partly paid: not what was asked
    });
  });
});
