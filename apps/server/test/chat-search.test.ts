import type { ConversationSearch } from '@ssaem/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildDemoWorld, type DemoWorld, type Persona } from './demo-world.ts';

let t: TestApp;
let world: DemoWorld;
const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** A conversation with its messages, written as the chat service stores them. */
async function addConversation(
  owner: 'teacher' | 'otherSchoolTeacher',
  id: string,
  title: string,
  texts: string[],
  updatedAt: string,
) {
  const userId = world.users[owner === 'teacher' ? 'teacher' : 'teacher2']?.id;
  if (userId === undefined) throw new Error(`no demo user for ${owner}`);
  const db = t.database.db;
  await db
    .insertInto('conversation')
    .values({
      id,
      userId,
      title,
      endpoint: 'agents',
      model: 'fake-model',
      gadgetId: null,
      isPinned: 0,
      pinOrder: null,
      createdAt: updatedAt,
      updatedAt,
    })
    .execute();
  for (const [index, text] of texts.entries()) {
    await db
      .insertInto('message')
      .values({
        id: `${id}-m${index}`,
        conversationId: id,
        userId,
        parentMessageId: index === 0 ? NO_PARENT : `${id}-m${index - 1}`,
        seq: index + 1,
        sender: index % 2 === 0 ? 'User' : 'Ssaem',
        isCreatedByUser: index % 2 === 0 ? 1 : 0,
        text,
        content: JSON.stringify([{ type: 'text', text }]),
        status: 'complete',
        error: 0,
        unfinished: 0,
        endpoint: 'agents',
        model: 'fake-model',
        files: '[]',
        gadgetId: null,
        isLiked: null,
        clientTimestamp: null,
        tokenCount: null,
        createdAt: updatedAt,
        updatedAt,
        streamId: null,
      })
      .execute();
  }
}

async function search(query: string, persona: Persona = 'teacher') {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/conversations/search?q=${encodeURIComponent(query)}`,
    headers: await world.headersFor(persona),
  });
}

async function foundIds(query: string, persona: Persona = 'teacher'): Promise<string[]> {
  const res = await search(query, persona);
  expect(res.statusCode).toBe(200);
  return (res.json() as ConversationSearch).conversations.map((c) => c.conversationId);
}

beforeAll(async () => {
  t = await buildTestApp();
  world = await buildDemoWorld(t);
  await addConversation(
    'teacher',
    'search-fractions',
    '분수 덧셈 수업',
    ['분모가 다른 분수의 덧셈을 설명해 줘', '먼저 통분을 합니다. 그다음 분자끼리 더합니다.'],
    '2026-11-20T09:00:00.000Z',
  );
  await addConversation(
    'teacher',
    'search-letter',
    '가정통신문',
    [
      '현장체험학습 안내 가정통신문을 써 줘',
      '학부모님께,\n\n- 다음 주 [과학관](https://example.org/museum) 체험학습을 **안내**드립니다.',
    ],
    '2026-11-22T09:00:00.000Z',
  );
  await addConversation(
    'teacher',
    'search-science',
    '과학 실험 준비',
    ['물의 순환 실험 재료를 알려 줘', 'Beaker 두 개와 얼음 100% 준비'],
    '2026-11-21T09:00:00.000Z',
  );
  await addConversation(
    'otherSchoolTeacher',
    'search-colleague',
    '분수 곱셈',
    ['분수의 곱셈 수업 아이디어', '과학관 견학과 연결해 보세요.'],
    '2026-11-23T09:00:00.000Z',
  );
});
afterAll(async () => {
  await t.close();
});

describe('conversation search', () => {
  it('finds the teacher’s conversations by title and by message text, titles first', async () => {
    expect(await foundIds('분수')).toEqual(['search-fractions']);
    // "과학" is in one title and in another conversation's answer: the title match comes first.
    expect(await foundIds('과학')).toEqual(['search-science', 'search-letter']);
  });

  it('matches one- and two-syllable Korean words inside longer words', async () => {
    expect(await foundIds('통분')).toEqual(['search-fractions']);
    expect(await foundIds('물')).toEqual(['search-science']);
    // "분" sits inside 분수, 분모 and 분자; "관" only inside 과학관.
    expect(await foundIds('분')).toEqual(['search-fractions']);
    expect(await foundIds('관')).toEqual(['search-letter']);
  });

  it('needs every word, in the title or in any message of the conversation', async () => {
    expect(await foundIds('분수 통분')).toEqual(['search-fractions']);
    expect(await foundIds('과학 얼음')).toEqual(['search-science']);
    expect(await foundIds('분수 얼음')).toEqual([]);
  });

  it('ignores case, and a query of punctuation alone finds nothing rather than everything', async () => {
    expect(await foundIds('beaker')).toEqual(['search-science']);
    expect(await foundIds('BEAK')).toEqual(['search-science']);
    expect(await foundIds('%_%')).toEqual([]);
  });

  it('says where it matched and shows the line of the message around the word', async () => {
    const res = await search('체험학습');
    const [hit] = (res.json() as ConversationSearch).conversations;
    expect(hit?.conversationId).toBe('search-letter');
    expect(hit?.matchedIn).toBe('message');
    // The answer's markdown reads as words: the link by its text, no marks.
    expect(hit?.snippet).toBe('학부모님께, 다음 주 과학관 체험학습을 안내드립니다.');
    const [byTitle] = ((await search('덧셈')).json() as ConversationSearch).conversations;
    expect(byTitle?.matchedIn).toBe('title');
    expect(byTitle?.snippet).toContain('덧셈');
  });

  it('never shows another teacher’s conversations', async () => {
    expect(await foundIds('곱셈')).toEqual([]);
    expect(await foundIds('곱셈', 'otherSchoolTeacher')).toEqual(['search-colleague']);
    expect(await foundIds('과학관', 'otherSchoolTeacher')).toEqual(['search-colleague']);
  });

  it('refuses an empty or overlong query and students', async () => {
    expect((await search('   ')).statusCode).toBe(400);
    expect((await search('가'.repeat(101))).statusCode).toBe(400);
    expect((await search('분수', 'student')).statusCode).toBe(403);
  });
});
