import type { OfflineRequest } from '../../platform/ai/offline-model.ts';
import type { RelatedMaterial } from '../library/library.service.ts';

const LIBRARY_MARK = '[자료실 검색 결과]';

/** The library's answer to a question, as a block of the system prompt (one material a line). */
export function libraryContextBlock(materials: RelatedMaterial[]): string {
  return [
    LIBRARY_MARK,
    ...materials.map((m) => `- ${m.title} | ${m.author}${m.school ? ` · ${m.school}` : ''} | ${m.url}`),
  ].join('\n');
}

function libraryLinesOf(system: string): { title: string; by: string; url: string }[] {
  const start = system.indexOf(LIBRARY_MARK);
  if (start < 0) return [];
  return system
    .slice(start + LIBRARY_MARK.length)
    .split('\n')
    .flatMap((line) => {
      const match = /^- (.+) \| (.+) \| (\/v2\/library\/\d+)$/.exec(line.trim());
      return match ? [{ title: match[1]!, by: match[2]!, url: match[3]! }] : [];
    });
}

const HANGUL = /[가-힣]/;

/** Hints to the document tools, matched on the teacher's own words. */
const TOOL_HINTS: { pattern: RegExp; ko: string; en: string }[] = [
  {
    pattern: /평가\s*계획|evaluation plan/i,
    ko: 'AI 도구의 **평가계획** 만들기',
    en: 'the **evaluation plan** tool',
  },
  {
    pattern: /가정\s*통신|안내문|parent letter/i,
    ko: 'AI 도구의 **가정통신문** 만들기',
    en: 'the **parent letter** tool',
  },
  {
    pattern: /지도안|수업\s*계획|lesson plan|슬라이드/i,
    ko: 'AI 도구의 **수업 만들기**(지도안·슬라이드)',
    en: 'the **lesson** tool (plan and slides)',
  },
  { pattern: /요약|summary/i, ko: 'AI 도구의 **요약하기**', en: 'the **summary** tool' },
  { pattern: /맞춤법|띄어쓰기|spelling/i, ko: 'AI 도구의 **맞춤법 검사**', en: 'the **spelling checker**' },
  {
    pattern: /피드백|첨삭|feedback/i,
    ko: 'AI 도구의 **글쓰기 피드백**',
    en: 'the **writing feedback** tool',
  },
  {
    pattern: /회의록|운영위원회|minutes/i,
    ko: 'AI 도구의 **회의록** 만들기',
    en: 'the **meeting minutes** tool',
  },
  { pattern: /상담|counsel/i, ko: 'AI 도구의 **상담 기록**', en: 'the **counselling record** tools' },
];

/**
 * The offline assistant's answer: it says plainly that no model is connected and how to connect
 * one, and points to what works without a model. Deterministic for the same question.
 */
export function composeOfflineAnswer(request: OfflineRequest): string {
  const question = request.lastUserText.trim();
  const korean = HANGUL.test(question) || !question;
  const hints = TOOL_HINTS.filter((hint) => hint.pattern.test(question));
  if (korean) {
    const lines = [
      '지금은 **AI 모델이 연결되어 있지 않아** 오프라인 모드로 답하고 있습니다. 질문 내용을 바탕으로 새 글을 지어 드릴 수는 없어요.',
      '',
      '모델을 연결하려면 관리자에게 다음 중 하나의 설정을 요청해 주세요.',
      '- OpenAI: `OPENAI_API_KEY` (모델은 `AI_MODEL`, 기본 gpt-4.1)',
      '- 학교·기관 서버의 OpenAI 호환 모델(vLLM, Ollama 등): `AI_BASE_URL`',
    ];
    if (hints.length) {
      lines.push(
        '',
        `모델 없이도 ${hints.map((h) => h.ko).join(', ')}은(는) 입력하신 내용으로 기본 형식의 초안을 만들어 드립니다.`,
      );
    } else {
      lines.push(
        '',
        '모델 없이도 AI 도구(평가계획, 가정통신문, 회의록, 상담 기록 등)는 입력하신 내용으로 한국 학교 문서 형식의 초안을 만들어 드립니다.',
      );
    }
    const found = libraryLinesOf(request.system);
    if (found.length) {
      lines.push(
        '',
        '자료실에서 질문과 관련된 자료를 찾았어요.',
        ...found.map((m) => `- [${m.title}](${m.url}) — ${m.by}`),
      );
    }
    if (question) lines.push('', `> 받은 질문: ${question.slice(0, 200)}${question.length > 200 ? '…' : ''}`);
    return lines.join('\n');
  }
  const lines = [
    'No AI model is connected, so I am answering in **offline mode** and cannot write a new reply to your question.',
    '',
    'To connect a model, ask your administrator to set one of:',
    '- OpenAI: `OPENAI_API_KEY` (model `AI_MODEL`, default gpt-4.1)',
    '- an OpenAI-compatible server on your premises (vLLM, Ollama, …): `AI_BASE_URL`',
    '',
    hints.length
      ? `Without a model, ${hints.map((h) => h.en).join(', ')} still drafts the document's standard structure from your input.`
      : 'Without a model, the AI tools (evaluation plans, parent letters, minutes, counselling records…) still draft documents in the standard Korean school format from your input.',
  ];
  const found = libraryLinesOf(request.system);
  if (found.length) {
    lines.push(
      '',
      'Related materials in the library:',
      ...found.map((m) => `- [${m.title}](${m.url}) — ${m.by}`),
    );
  }
  if (question)
    lines.push('', `> Your question: ${question.slice(0, 200)}${question.length > 200 ? '…' : ''}`);
  return lines.join('\n');
}
