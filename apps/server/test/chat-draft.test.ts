import { describe, expect, it } from 'vitest';
import { listAgents } from '../src/modules/chat/agents.ts';
import { draftForChat } from '../src/modules/tools/chat-draft.ts';
import { withoutRequest } from '../src/modules/tools/draft-text.ts';

const MONDAY = new Date(2026, 10, 30);
const starters = listAgents('ko').flatMap((agent) => agent.conversationStarters);

describe("the offline assistant's drafts for what teachers ask in chat", () => {
  it('never builds a template around the words of a suggested question', () => {
    expect(starters.length).toBeGreaterThanOrEqual(12);
    for (const starter of starters) {
      const draft = draftForChat(starter, MONDAY);
      if (draft === null) continue;
      const [, ...body] = draft.split('\n');
      // The question's words are not pasted into the draft's sentences ("…와 관련된 생활 속 장면").
      expect(body.join('\n'), starter).not.toContain(withoutRequest(starter));
      // Nor a particle set after a particle ("눈높이로와 관련된").
      expect(draft, starter).not.toMatch(/(?:으로|로)(?:와|과|을|를) 관련된/u);
    }
  });

  it('answers the home and chat suggestions with what they ask for', () => {
    expect(draftForChat('내일 3학년 과학 수업 도입 활동을 추천해 줘', MONDAY)).toMatch(
      /^### 3학년 과학 수업 도입 활동 아이디어\n\n1\. \*\*놀라운 현상 보여 주기\*\* \(5분\)/u,
    );
    expect(draftForChat('모둠 활동 규칙을 학생 눈높이로 만들어 줘', MONDAY)).toContain(
      '1. 친구가 말할 때는 끝까지 듣고, 다 들은 뒤에 내 생각을 말해요.',
    );
    expect(draftForChat('이번 주 학급 운영 아이디어를 알려 줘', MONDAY)).toContain('**칭찬 릴레이**');
    expect(draftForChat('모둠 활동 아이디어를 알려 주세요', MONDAY)).toContain('**직소** (20분)');
    expect(draftForChat('학부모 상담 전에 준비할 것을 정리해 줘', MONDAY)).toContain('### 상담 준비 초안');
    expect(draftForChat('토론 수업 발문을 만들어 줘', MONDAY)).toContain('**근거 묻기**');
    expect(draftForChat('과정 중심 평가 아이디어', MONDAY)).toContain('**출구 카드** (3분)');
    expect(draftForChat('40분 수업 흐름을 짜 줘', MONDAY)).toContain('**전개 ② 모둠 활동** (13분)');
    expect(draftForChat('분수의 덧셈을 놀이로 배우는 활동', MONDAY)).toContain(
      '빙고 칸에 분수의 덧셈과 관련된 답을',
    );
  });

  it('drafts a lesson flow only for a topic pupils learn', () => {
    expect(draftForChat('식물의 한살이 수업 자료 만들어 줘', MONDAY)).toContain(
      '### 식물의 한살이 수업 흐름 초안',
    );
    expect(draftForChat('코딩 입문 수업 도구', MONDAY)).toBeNull();
    expect(draftForChat('행동특성 및 종합의견 초안', MONDAY)).toBeNull();
  });

  it('writes the messages home with the facts given, and leaves names to the teacher', () => {
    const text = draftForChat(
      '다음 주 수요일 현장체험학습 안내 문자 써 줘. 장소는 서울대공원, 오전 8시 50분까지 운동장 집합, 준비물은 도시락과 물',
      MONDAY,
    );
    expect(text).toContain('- 일시: 2026. 12. 9.(수) 오전 8시 50분 집합');
    expect(text).toContain('- 장소: 서울대공원');
    expect(text).toContain('- 준비물: 도시락과 물');
    expect(text).toContain('현장체험학습을 안내드립니다.');
    const notice = draftForChat('내일 준비물 알림장 써 줘. 준비물은 색연필, 가위, 풀이야', MONDAY);
    expect(notice).toContain('- 날짜: 12월 1일(화)');
    expect(notice).toContain('- 준비물: 색연필, 가위, 풀\n');
    expect(draftForChat('준비물 알림장을 짧게 써 줘', MONDAY)).toContain('- 준비물: ○○, ○○');
    expect(draftForChat('결석 학생 가정에 보낼 안부 문자', MONDAY)).toContain(
      '오늘 ○○○ 학생이 학교에 오지 않아',
    );
  });

  it('drafts the document a request names, even one about counselling', () => {
    const letter = draftForChat(
      '학부모 상담 주간 안내문 만들어 줘. 3월 18일부터 22일까지 오후 2시~5시, 대면 또는 전화 상담 가능.',
      MONDAY,
    );
    expect(letter).toContain('### 학부모 상담 주간 안내문');
    expect(letter).toContain('| 일시 | 2027. 3. 18.(목) ~ 3. 22.(월) 오후 2시~5시 |');
    expect(letter).toContain('- 대면 또는 전화 상담 가능');
    expect(letter).not.toContain('- 3월 18일부터');
  });

  it('reads a day gone by in a report, and an hour of delay as no time', () => {
    const report = draftForChat(
      '체육대회 결과 보고서 작성해 줘. 지난 금요일 운동장에서 전교생 참여, 우천으로 1시간 지연',
      MONDAY,
    );
    expect(report).toContain('| 일시 | 2026. 11. 27.(금) |');
    expect(report).toContain('- 11월 27일(금) 운동장에서 전교생 참여, 우천으로 1시간 지연');
  });
});
