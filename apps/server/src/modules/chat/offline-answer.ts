import { OFFLINE_DRAFT_NOTICE } from '@ssaem/contracts';
import type { OfflineRequest } from '../../platform/ai/offline-model.ts';
import type { RelatedMaterial } from '../library/library.service.ts';

const LIBRARY_MARK = '[자료실 검색 결과]';
const EDUTECH_MARK = '[에듀테크 카탈로그 검색 결과]';

/** A catalogue product as one line of the system prompt (the edutech feature's answer to a question). */
export interface EdutechLine {
  name: string;
  url: string;
  siteUrl: string | null;
  price: string;
  levels: string;
  category: string;
}

export function edutechContextBlock(products: EdutechLine[]): string {
  return [
    EDUTECH_MARK,
    ...products.map(
      (p) => `- ${p.name} | ${p.category} · ${p.levels} · ${p.price} | ${p.url} | ${p.siteUrl ?? ''}`,
    ),
  ].join('\n');
}

function edutechLinesOf(system: string): { name: string; facts: string; url: string; site: string }[] {
  const start = system.indexOf(EDUTECH_MARK);
  if (start < 0) return [];
  return system
    .slice(start + EDUTECH_MARK.length)
    .split('\n')
    .flatMap((line) => {
      const match = /^- (.+) \| (.+) \| (\/edutech\/\d+) \| (\S*)$/.exec(line.trim());
      return match ? [{ name: match[1]!, facts: match[2]!, url: match[3]!, site: match[4]! }] : [];
    });
}

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

/** A request for something (a draft, ideas, help), rather than a greeting. */
const ASKS_FOR_DRAFT =
  /(써|작성해|만들어|초안|알려|추천해|도와|준비|정리해)\s*(줘|주세요|주십시오|줄래|줄 수|를)?|아이디어|write|draft/i;

/**
 * The offline assistant's answer: one plain sentence that no model wrote it, a draft when the
 * teacher asked for a document (the document tools' own offline drafter), the shared materials the
 * library's search finds for the question, and the tools that draft without a model. How to connect
 * a model is for the super administrator (My Info), so no configuration is named here.
 */
export function composeOfflineAnswer(
  request: OfflineRequest,
  draft: (question: string) => string | null = () => null,
): string {
  const question = request.lastUserText.trim();
  const korean = HANGUL.test(question) || !question;
  const hints = TOOL_HINTS.filter((hint) => hint.pattern.test(question));
  const found = libraryLinesOf(request.system);
  const tools = edutechLinesOf(request.system);
  const drafted = question && ASKS_FOR_DRAFT.test(question) ? draft(question) : null;
  if (korean) {
    // The first sentence says what happened: a draft made, or none and what was found instead.
    const lines = [
      drafted
        ? OFFLINE_DRAFT_NOTICE
        : found.length || tools.length
          ? 'AI 연결 없이는 답을 새로 쓰지 못해요. 대신 쌤에서 찾은 것을 모았어요.'
          : 'AI 연결 없이는 답을 새로 쓰지 못해요.',
    ];
    if (drafted) lines.push('', drafted);
    if (found.length) {
      lines.push(
        '',
        '자료실에서 질문과 관련된 자료를 찾았어요.',
        ...found.map((m) => `- [${m.title}](${m.url}) — ${m.by}`),
      );
    }
    if (tools.length) {
      lines.push(
        '',
        '에듀테크 카탈로그에서 질문에 맞는 도구를 찾았어요.',
        ...tools.map(
          (p) => `- [${p.name}](${p.url}) — ${p.facts}${p.site ? ` · [공식 사이트](${p.site})` : ''}`,
        ),
      );
    }
    lines.push(
      '',
      hints.length
        ? `${hints.map((h) => h.ko).join(', ')}에서 입력하신 내용으로 학교 문서 형식의 초안을 바로 만들 수 있어요.`
        : 'AI 도구(평가계획, 가정통신문, 회의록, 상담 기록 등)에서 입력하신 내용으로 학교 문서 형식의 초안을 만들 수 있어요.',
    );
    return lines.join('\n');
  }
  const lines = [
    drafted
      ? 'Made a basic draft without an AI connection.'
      : found.length || tools.length
        ? 'Without an AI connection no new answer is written. Here is what Ssaem found instead.'
        : 'Without an AI connection no new answer is written.',
  ];
  if (drafted) lines.push('', drafted);
  if (found.length) {
    lines.push(
      '',
      'Related materials in the library:',
      ...found.map((m) => `- [${m.title}](${m.url}) — ${m.by}`),
    );
  }
  if (tools.length) {
    lines.push(
      '',
      'Matching tools in the EduTech catalogue:',
      ...tools.map((p) => `- [${p.name}](${p.url}) — ${p.facts}${p.site ? ` · [site](${p.site})` : ''}`),
    );
  }
  lines.push(
    '',
    hints.length
      ? `${hints.map((h) => h.en).join(', ')} drafts the document's standard structure from your input.`
      : 'The AI tools (evaluation plans, parent letters, minutes, counselling records…) draft documents in the standard Korean school format from your input.',
  );
  return lines.join('\n');
}
