import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryRepository } from '../src/modules/library/library.repository.ts';
import { questionKeywords } from '../src/modules/library/library.service.ts';
import { createLibrarySearchIndex } from '../src/modules/library/library-search.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { askChat } from './chat-ask.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { textOfDeltas } from './sse-client.ts';

async function shareMaterial(
  t: TestApp,
  world: DemoWorld,
  username: string,
  title: string,
  visibility: 'PUBLIC' | 'PRIVATE',
) {
  const library = createLibraryRepository(
    t.database.db,
    createLibrarySearchIndex(t.database.db, t.database.dialect),
  );
  const user = world.users[username]!;
  const now = new Date().toISOString();
  return library.insert({
    creatorId: user.id,
    schoolId: user.schoolId,
    libraryType: 'LESSON',
    materialType: 'lesson',
    title,
    status: 3,
    visibility,
    editable: 1,
    input: '{}',
    content: null,
    createdAt: now,
    updatedAt: now,
  });
}

describe('the library in chat', () => {
  it('takes the meaningful words of a question', () => {
    expect(questionKeywords('분수 수업 자료 있어?')).toEqual(['분수']);
    expect(questionKeywords('평가계획을 찾아줘, 3학년 과학으로')).toEqual(['평가계획', '학년', '과학']);
  });

  describe('offline', () => {
    let t: TestApp;
    let world: DemoWorld;
    beforeAll(async () => {
      t = await buildTestApp();
      world = await buildDemoWorld(t);
    });
    afterAll(() => t.close());

    it('lists shared materials that match the question, never private ones', async () => {
      const shared = await shareMaterial(t, world, 'teacher3', '분수 놀이 수업', 'PUBLIC');
      await shareMaterial(t, world, 'teacher3', '분수 비공개 메모', 'PRIVATE');
      const text = textOfDeltas(await askChat(t, world, '분수 수업 자료 있어?'));
      // Nothing was drafted: the first sentence says so, and that what follows was found.
      expect(text.startsWith('AI 연결 없이는 답을 새로 쓰지 못해요. 대신 쌤에서 찾은 것을 모았어요.')).toBe(
        true,
      );
      for (const setting of ['OPENAI_API_KEY', 'AI_BASE_URL', 'AI_MODEL', 'vLLM', 'Ollama'])
        expect(text).not.toContain(setting);
      expect(text).toContain(`[분수 놀이 수업](/v2/library/${shared}) — 정다은 · 서울가락초등학교`);
      // A broad word alone finds nothing related: "활동" does not bring an economics lesson to group rules.
      await shareMaterial(t, world, 'teacher3', '경제 활동 수업', 'PUBLIC');
      const rules = textOfDeltas(await askChat(t, world, '모둠 활동 규칙을 학생 눈높이로 만들어 줘'));
      expect(rules).toContain('모둠 활동 규칙 (학생용)');
      expect(rules).not.toContain('경제 활동 수업');
      expect(text).not.toContain('비공개');
    });

    it("lists what the library's search finds for 분수, in its order and each title once, and nothing unrelated", async () => {
      const unrelated = ['기술·가정 생활 자원 수업', '도덕 배려 수업', '음악 리듬 수업', '미술 색채 수업'];
      for (const title of unrelated) await shareMaterial(t, world, 'teacher3', title, 'PUBLIC');
      for (let copy = 0; copy < 5; copy++)
        await shareMaterial(t, world, 'teacher3', '분수의 덧셈 수업', 'PUBLIC');
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/v1/library/search?tab=OUR_SCHOOL&keyword=${encodeURIComponent('분수')}`,
        headers: await world.headersFor('teacher'),
      });
      expect(search.statusCode).toBe(200);
      const searched = [
        ...new Set((search.json() as { items: { title: string }[] }).items.map((item) => item.title)),
      ];
      expect(searched).toEqual(expect.arrayContaining(['분수 놀이 수업', '분수의 덧셈 수업']));
      const text = textOfDeltas(await askChat(t, world, '분수 수업 자료 있어?'));
      const listed = [...text.matchAll(/^- \[(.+?)\]\(\/v2\/library\/\d+\)/gmu)].map((match) => match[1]);
      expect(listed).toEqual(searched.slice(0, listed.length));
      expect(listed.length).toBeGreaterThanOrEqual(2);
      for (const title of unrelated) expect(text).not.toContain(title);
    });

    it('drafts the document a teacher asks for with the facts placed, and names no setting', async () => {
      const text = textOfDeltas(
        await askChat(t, world, '가을 운동회 가정통신문 써 줘. 10월 24일 운동장에서 열려요.'),
      );
      expect(text.startsWith('AI 연결 없이 기본 초안을 만들었어요.')).toBe(true);
      expect(text).toContain('### 가을 운동회 가정통신문');
      expect(text).toContain('가을 운동회를 아래와 같이 안내드립니다.');
      expect(text).toMatch(/\| 일시 \| \d{4}\. 10\. 24\.\([월화수목금토일]\) \|/);
      expect(text).toContain('| 장소 | 운동장 |');
      expect(text).not.toMatch(/\((?:을|를|은|는|와|과)\)/);
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
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });

    it('gives the model a library search tool whose results carry no author names', async () => {
      const shared = await shareMaterial(t, world, 'teacher3', '분수 놀이 수업', 'PUBLIC');
      fake.enqueue(
        { toolCall: { name: 'search_library', args: { query: '분수' } } },
        { text: ['자료실의 ', '"분수 놀이 수업"을 참고하세요.'] },
      );
      const frames = await askChat(t, world, '분수 수업 자료 추천해 줘');
      expect(JSON.stringify(frames)).toContain('search_library');
      expect(textOfDeltas(frames)).toContain('분수 놀이 수업');
      const lastRequest = fake.requests.at(-1)?.body as
        | { messages: { role: string; content: unknown }[] }
        | undefined;
      const toolMessage = lastRequest?.messages.find((m) => m.role === 'tool');
      const result = JSON.stringify(toolMessage?.content);
      expect(result).toContain('분수 놀이 수업');
      expect(result).toContain(`/v2/library/${shared}`);
      expect(result).not.toContain('정다은');
    });
  });
});
