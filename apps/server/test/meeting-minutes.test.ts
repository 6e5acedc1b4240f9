import { readDocument } from '@ssaem/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, startFakeLlm } from './fake-llm-server.ts';
import { buildToolTestContext } from './tool-test-context.ts';

interface Item {
  id: number;
  status: number;
  result: { engine: string; notice: string | null } | null;
}

const FORM = {
  title: '2학기 제3회 학교운영위원회 회의록',
  principal: '최교장',
  chair: '한위원장',
  secretary: '문간사',
  teachers: '김교사, 이교사',
  parents: '박학부모, 정학부모',
  topic: '2027학년도 교과서 선정\n수학여행 계획 심의',
  requestContent: '',
};

/** A few silent MPEG-1 Layer III frames: a real (if quiet) mp3 file. */
function silentMp3(frames = 20): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const setup = (env: Record<string, string>) =>
  buildToolTestContext<Item>('/api/v1/document/studio/meeting-minutes', env);

async function create(ctx: Awaited<ReturnType<typeof setup>>, body: object | FormData) {
  const response = await ctx.request('teacher', 'POST', '/api/v1/document/meeting-minutes', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ctx.waitDone(((await response.json()) as { id: number }).id);
}

async function textOf(ctx: Awaited<ReturnType<typeof setup>>, id: number) {
  const file = await ctx.request('teacher', 'GET', `/api/v1/document/library/${id}/export?format=hwpx`);
  return (await readDocument(Buffer.from(await file.arrayBuffer()), 'minutes.hwpx')).text;
}

function recordingForm(bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('inputDto', JSON.stringify(FORM));
  form.append('files', new Blob([bytes]), name);
  return form;
}

describe('meeting minutes without a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup({});
  });
  afterAll(() => ctx.t.close());

  it('requires the title, agenda, principal and at least one teacher and one parent member', async () => {
    const message = async (body: object | FormData) =>
      JSON.stringify(
        await (await ctx.request('teacher', 'POST', '/api/v1/document/meeting-minutes', body)).json(),
      );
    expect(await message({ ...FORM, title: '' })).toContain('제목을 입력해주세요.');
    expect(await message({ ...FORM, topic: ' ' })).toContain('안건을 입력해주세요.');
    expect(await message({ ...FORM, principal: '' })).toContain('교장 위원 이름을 입력해주세요.');
    expect(await message({ ...FORM, teachers: ' , ' })).toContain('교원 위원을 한 명 이상 입력해주세요.');
    expect(await message({ ...FORM, parents: '' })).toContain('학부모 위원을 한 명 이상 입력해주세요.');
  });

  it("drafts the minutes in the committee's order, naming members only in the attendance list", async () => {
    const item = await create(ctx, FORM);
    expect(item.result?.engine).toBe('offline');
    const text = await textOf(ctx, item.id);
    for (const part of [
      '서울가락초등학교 학교운영위원회',
      '(정기) 회의록',
      '참석 위원',
      '김교사, 이교사',
      '박학부모, 정학부모',
      '재적 위원 ○명 중 6명이 출석',
      '1. 개회',
      '제1호 안건: 2027학년도 교과서 선정',
      '제2호 안건: 수학여행 계획 심의',
      '원안가결 / 수정가결 / 부결 / 보류',
      '4. 폐회',
      '(인)',
    ]) {
      expect(text, part).toContain(part);
    }
  });

  it('says plainly that a recording needs a speech-to-text model, and refuses other files', async () => {
    const noModel = await ctx.request(
      'teacher',
      'POST',
      '/api/v1/document/meeting-minutes',
      recordingForm(silentMp3(), '회의.mp3'),
    );
    expect(noModel.status).toBe(400);
    expect(JSON.stringify(await noModel.json())).toContain('음성 인식 모델이 연결되어 있지 않습니다');
    const wrong = await ctx.request(
      'teacher',
      'POST',
      '/api/v1/document/meeting-minutes',
      recordingForm(Buffer.from('hello'), '회의.mp3'),
    );
    expect(JSON.stringify(await wrong.json())).toContain('mp3 또는 mp4');
  });
});

describe('meeting minutes from a recording, with a model', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
    ctx = await setup({ AI_BASE_URL: fake.url, AI_MODEL: 'fake-model' });
  });
  afterAll(async () => {
    await ctx.t.close();
    await fake.close();
  });

  it('transcribes the mp3, keeps member names from the model, and writes the decisions', async () => {
    fake.transcriptions.push({
      text: '박학부모 위원: 수학여행 안전 대책이 궁금합니다. 김교사: 안전요원을 배치합니다.',
    });
    fake.enqueue({
      content: JSON.stringify({
        opening: '재적 위원 5명 중 5명 출석으로 성원되었음을 보고함.',
        agenda: [
          {
            title: '수학여행 계획 심의',
            presentation: '담당 교원이 일정과 안전 대책을 설명함.',
            discussion: [{ speaker: '학부모위원', content: '안전 대책을 질의함.' }],
            decision: '원안가결',
          },
        ],
        otherBusiness: '없음',
      }),
    });
    const audio = silentMp3();
    const item = await create(ctx, recordingForm(audio, '회의 녹음.mp3'));
    expect(item.result?.engine).toBe('model');
    expect(fake.transcriptionRequests.at(-1)?.bytes).toBeGreaterThan(audio.length);
    const request = JSON.stringify(fake.requests.at(-1)?.body);
    expect(request).toContain('수학여행 안전 대책이 궁금합니다');
    // Members' names never reach the model; roles do.
    for (const name of ['박학부모', '김교사', '최교장', '한위원장']) expect(request).not.toContain(name);
    const text = await textOf(ctx, item.id);
    expect(text).toContain('○ 의결: 원안가결');
    expect(text).toContain('학부모위원: 안전 대책을 질의함.');
    expect(text).toContain('박학부모, 정학부모');
  });
});
