import { ideasForChat } from './chat-ideas.ts';
import { messageForChat } from './chat-messages.ts';
import {
  documentKindOf,
  titleFromRequest,
  topicOf,
  withoutLeadingWhen,
  withoutRequest,
} from './draft-text.ts';
import { draftSectionItems, type SectionKey } from './lesson/lesson-draft.ts';
import { draftGeneralDocument } from './studio/general-document.ts';

type GeneralBody = ReturnType<typeof draftGeneralDocument>;

/** A drafted document as chat markdown: headings, paragraphs, lists and tables. */
function markdownOf(title: string, body: GeneralBody): string {
  const lines = [`### ${title}`];
  for (const block of body.blocks) {
    if (block.kind === 'heading' && block.text) lines.push('', `#### ${block.text}`);
    if (block.kind === 'paragraph' && block.text) lines.push('', block.text);
    if (block.kind === 'bullets' && block.items?.length)
      lines.push('', ...block.items.map((item) => `- ${item}`));
    if (block.kind === 'table' && block.rows?.length) {
      const [head = [], ...rows] = block.rows;
      lines.push('', `| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`);
      for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

const COUNSEL_PREPARATION = [
  '상담 일시와 방법(대면·전화·온라인)을 보호자와 미리 약속했는지 확인하기',
  '학생의 강점과 최근 관찰 기록(수업 태도, 교우 관계, 과제 제출)을 정리하기',
  '보호자에게 안내할 학교의 지원 제도와 연락 방법을 준비하기',
  '학생의 강점으로 이야기를 시작하고, 관찰한 사실을 중심으로 말하기',
  '다른 학생의 이름과 개인 사정은 말하지 않기',
  '합의한 내용은 상담 기록으로 남기고 다음 상담 날짜를 정하기',
];

/** "내일 수업 도입 활동" → "도입 활동": the topic without when, the lesson word or the request noun. */
function chatTopic(question: string): string {
  // "분수의 덧셈을 놀이로 배우는 활동": what is learnt is before 을/를.
  const learnt =
    /^(.+?)(?:을|를)\s+(?:[가-힣]+(?:로|으로|게)\s+)?(?:배우는|익히는|가르치는|배울|익힐|가르칠)/u.exec(
      withoutRequest(question),
    )?.[1];
  if (learnt) return withoutLeadingWhen(learnt).trim();
  return (
    withoutLeadingWhen(topicOf(withoutRequest(question)))
      .replace(/^(?:수업|우리\s*반)\s+/u, '')
      // "분수의 덧셈 수업 아이디어": every word of what is wanted goes, the topic stays.
      .replace(/(?:\s*(?:수업|아이디어|방법|자료|예시|추천|활동지|지도안))+$/u, '')
      .trim()
  );
}

const LESSON_REQUEST = /수업|차시|지도안|가르치|가르칠|배우|배울|학습/u;
const NOT_A_LESSON = /도구|앱|에듀테크|평가|생활기록부|세특|행동특성|종합의견|문자|발문/u;

/** Words of a request about running a class or a school, not about what pupils learn. */
const NOT_LEARNING = /학급|운영|규칙|약속|상담|행사|업무|회의|아이디어|방법/u;

/**
 * Whether a topic is something pupils learn ("분수의 덧셈", "식물의 한살이"), which a lesson flow
 * can be drafted on: a short noun phrase, no word ending on a particle other than 의 (a request's
 * "규칙을 학생 눈높이로" is not one), none of the words of running a class.
 */
function isLearningTopic(topic: string): boolean {
  const words = topic.split(/\s+/u);
  return (
    /[가-힣]/u.test(topic) &&
    words.length <= 5 &&
    !NOT_LEARNING.test(topic) &&
    !words.some((word) => /[가-힣](?:을|를|으로|로|에게|에서|와|과|하고|이랑)$/u.test(word))
  );
}

/**
 * What the offline assistant drafts for a request in chat, with the document tools' own offline
 * drafters: the document a request names, a counselling preparation list, ideas for an everyday
 * request (chat-ideas.ts), or a lesson's flow on a topic pupils learn. Null when there is nothing
 * to draft well (a greeting, a bare question, a request it has no words of its own for).
 */
export function draftForChat(question: string, today: Date = new Date()): string | null {
  const q = question.trim();
  if (q.length < 4) return null;
  // "평가계획 만드는 법" asks how to use a tool, not for a document: the tool hint answers it.
  if (
    /(?:방법|법)(?:을|이|은)?\s|어떻게|무엇|뭐/u.test(q) &&
    !/(?:써|작성해|만들어)\s*(?:줘|주세요)/u.test(q)
  )
    return null;
  const message = messageForChat(q, today);
  if (message) return message;
  // A request that names a document ("학부모 상담 주간 안내문") wants that document.
  if (documentKindOf(q) !== 'other' || /공문|협조문/u.test(q)) {
    const title = titleFromRequest(q);
    return markdownOf(title, draftGeneralDocument(q, title, today));
  }
  if (/상담/u.test(q)) {
    return ['### 상담 준비 초안', '', ...COUNSEL_PREPARATION.map((item, i) => `${i + 1}. ${item}`)].join(
      '\n',
    );
  }
  const candidate = chatTopic(q);
  const topic = candidate && isLearningTopic(candidate) ? candidate : null;
  const ideas = ideasForChat(q, topic);
  if (ideas) return ideas;
  // A lesson's flow only for a lesson asked for on something pupils learn: not for a tool, an
  // assessment, a record or a message, which a flow "about" them would only garble.
  if (!topic || !LESSON_REQUEST.test(q) || NOT_A_LESSON.test(q)) return null;
  const brief = {
    title: topic,
    goal: topic,
    gradeSeq: 13,
    gradeName: null,
    subjectName: null,
    additionalInfo: '',
    standards: [],
  };
  const parts: [SectionKey, string][] = [
    [2, '도입'],
    [3, '전개'],
    [4, '정리'],
  ];
  const lines = [`### ${topic} 수업 흐름 초안`];
  for (const [key, label] of parts) {
    lines.push('', `#### ${label}`);
    for (const item of draftSectionItems(key, brief))
      lines.push(`- **${item.title}**${item.minutes ? ` (${item.minutes}분)` : ''}: ${item.content}`);
  }
  return lines.join('\n');
}
