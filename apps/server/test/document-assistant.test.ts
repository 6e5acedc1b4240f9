import { DOCUMENT_ASSISTANT_AGENT_ID, NO_PARENT_ID } from '@ssaem/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { buildClassRecordsContext, type ClassRecordsContext } from './class-records-context.ts';
import { buildDemoWorld, type DemoWorld } from './demo-world.ts';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { parseFrames, textOfDeltas } from './sse-client.ts';

const DOCUMENT = {
  title: '가정통신문',
  text: '3월 학부모 상담 주간을 안내합니다. 상담은 3월 18일부터 22일까지 열립니다. 신청서는 금요일까지 보내 주세요.',
};

function ask(text: string, documentContext: Record<string, unknown>) {
  return {
    text,
    parentMessageId: NO_PARENT_ID,
    gadgetId: DOCUMENT_ASSISTANT_AGENT_ID,
    documentContext: { ...DOCUMENT, ...documentContext },
  };
}

describe('the HWP editor assistant, offline', () => {
  let t: TestApp;
  let world: DemoWorld;
  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildDemoWorld(t);
  });
  afterAll(() => t.close());

  async function send(payload: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents/chat/openAI',
      headers: { ...(await world.headersFor('teacher')), ...headers },
      payload,
    });
    return { res, text: textOfDeltas(parseFrames(res.body)) };
  }

  it('checks the selected passage with the spelling dictionary and says it is offline', async () => {
    const { res, text } = await send(
      ask('선택한 부분의 맞춤법을 검사해 주세요.', { action: 'spelling', selection: '준비가 다 됬어요.' }),
    );
    expect(res.statusCode).toBe(200);
    const [notice, , corrected, , rule, , ...notes] = text.split('\n');
    expect(notice).toBe('AI 연결 없이 맞춤법 사전으로 검사했어요.');
    expect(corrected).toBe('준비가 다 됐어요.');
    expect(rule).toBe('---');
    expect(notes.join('\n')).toContain('됬 → 됐');
  });

  it('summarises the document without a model, from its own sentences', async () => {
    const { text } = await send(ask('이 문서를 요약해 주세요.', { action: 'summarise' }));
    const [notice, , ...points] = text.split('\n');
    expect(notice).toBe('AI 연결 없이 글에서 중요한 문장을 골라 요약했어요.');
    expect(points.length).toBeGreaterThan(0);
    for (const point of points) expect(point.startsWith('- ')).toBe(true);
    expect(points.join(' ')).toMatch(/상담/);
  });

  it('says plainly that rewriting and translating need the AI connection, in the teacher’s language', async () => {
    const rewrite = await send(
      ask('선택한 부분을 다듬어 주세요.', { action: 'rewrite', selection: '상담은 열립니다.' }),
    );
    expect(rewrite.text).toBe(
      '다듬기, 번역, 문서에 대한 질문은 AI 연결이 있어야 할 수 있어요. 맞춤법 검사와 요약은 지금도 할 수 있어요.',
    );
    const translate = await send(
      ask('Translate the selected passage.', { action: 'translate', selection: '상담은 열립니다.' }),
      { 'accept-language': 'en' },
    );
    expect(translate.text).toBe(
      'Rewriting, translating and questions about the document need the AI connection. Spelling check and summary work now.',
    );
  });

  it('keeps its conversation like any other: messages are read back by the conversation id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agents/chat/openAI',
      headers: await world.headersFor('teacher'),
      payload: ask('이 문서를 요약해 주세요.', { action: 'summarise' }),
    });
    const final = parseFrames(res.body).at(-1)?.json as { conversation: { conversationId: string } };
    const id = final.conversation.conversationId;
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/messages`,
      headers: await world.headersFor('teacher'),
    });
    const list = messages.json() as { text: string; isCreatedByUser: boolean }[];
    expect(list.map((m) => m.isCreatedByUser)).toEqual([true, false]);
    // The document went into the system prompt, not into the stored question.
    expect(list[0]?.text).toBe('이 문서를 요약해 주세요.');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${id}/messages`,
      headers: await world.headersFor('otherSchoolTeacher'),
    });
    expect(other.statusCode).toBe(404);
  });

  it('is not listed among the chat assistants', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/agent/list',
      headers: await world.headersFor('teacher'),
    });
    const ids = (res.json() as { id: string }[]).map((agent) => agent.id);
    expect(ids).not.toContain(DOCUMENT_ASSISTANT_AGENT_ID);
    expect(ids).toContain('general');
  });

  it('refuses a student and a document context that is too long', async () => {
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/agents/chat/openAI',
      headers: await world.headersFor('student'),
      payload: ask('요약해 주세요.', { action: 'summarise' }),
    });
    expect(student.statusCode).toBe(403);
    const long = await send(ask('요약해 주세요.', { action: 'summarise', text: '가'.repeat(40_001) }));
    expect(long.res.statusCode).toBe(400);
  });
});

describe('the HWP editor assistant with a model', () => {
  let fake: FakeLlm;
  let c: ClassRecordsContext;
  beforeAll(async () => {
    fake = await startFakeLlm();
    c = await buildClassRecordsContext({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await c.t.close();
    await fake.close();
  });

  it('sends the document and the selection to the model, with the roster names masked', async () => {
    const { students } = await c.classWithStudents(1);
    const name = students[0]?.name ?? '';
    fake.enqueue({ text: ['[학생1] 학생이 ', '발표를 훌륭하게 마쳤습니다.'] });
    const res = await c.request('teacher', 'POST', '/api/agents/chat/openAI', {
      ...ask('선택한 부분을 다듬어 주세요.', {
        action: 'rewrite',
        text: `${DOCUMENT.text} ${name} 학생이 발표를 잘 했음.`,
        selection: `${name} 학생이 발표를 잘 했음.`,
      }),
    });
    const frames = parseFrames(await res.text());
    expect(textOfDeltas(frames)).toBe(`${name} 학생이 발표를 훌륭하게 마쳤습니다.`);
    const sent = JSON.stringify(
      fake.requests.find((r) => JSON.stringify(r.body).includes('[선택한 부분]'))?.body,
    );
    expect(sent).toContain('[문서 도우미 작업] rewrite');
    expect(sent).toContain('3월 학부모 상담 주간을 안내합니다.');
    expect(sent).toContain('[학생1] 학생이 발표를 잘 했음.');
    expect(sent).not.toContain(name);
  });

  it('tells the model which way to translate', async () => {
    fake.enqueue({ text: ['The counselling week opens on 18 March.'] });
    const res = await c.request(
      'teacher',
      'POST',
      '/api/agents/chat/openAI',
      ask('선택한 부분을 번역해 주세요.', { action: 'translate', selection: '상담은 3월 18일에 열립니다.' }),
    );
    expect(textOfDeltas(parseFrames(await res.text()))).toBe('The counselling week opens on 18 March.');
    const sent = JSON.stringify(
      fake.requests.find((r) => JSON.stringify(r.body).includes('번역할 언어'))?.body,
    );
    expect(sent).toContain('번역할 언어: 영어');
  });
});
