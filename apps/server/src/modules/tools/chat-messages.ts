import { extractFacts, formatShortDate, whenOrBlank } from './draft-facts.ts';
import { titleFromRequest } from './draft-text.ts';
import { withParticle } from './korean-particles.ts';

/**
 * The short messages a teacher sends home, drafted without a model: a text announcing something
 * (with the facts the request gives in their lines), a daily notice of what to bring, and a word
 * to the family of an absent pupil. Names stay blanks: the teacher writes them in, and a pupil's
 * name is never put into a draft that may go to a model.
 */

/** "현장체험학습 안내 문자" → "현장체험학습": what the message is about. */
function subjectOf(question: string): string {
  return titleFromRequest(question)
    .replace(/(?:\s*(?:문자|메시지|알림장|안내|알림))+$/u, '')
    .trim();
}

function announcement(question: string, today: Date): string {
  const facts = extractFacts(question, today);
  const subject = subjectOf(question) || '행사';
  return [
    `### ${subject} 안내 문자`,
    '',
    `[○○학교] ${subject} 안내`,
    `안녕하세요. ${withParticle(subject, '을/를')} 안내드립니다.`,
    `- 일시: ${whenOrBlank(facts, { skipDeadline: true })}`,
    `- 장소: ${facts.place ?? '○○'}`,
    ...(facts.supplies ? [`- 준비물: ${facts.supplies}`] : []),
    ...(facts.fee ? [`- 비용: ${facts.fee}`] : []),
    '자세한 내용은 가정통신문을 확인해 주세요. 감사합니다.',
  ].join('\n');
}

function suppliesNotice(question: string, today: Date): string {
  const facts = extractFacts(question, today);
  const day = facts.dates[0];
  return [
    '### 준비물 알림장',
    '',
    ...(day ? [`- 날짜: ${formatShortDate(day)}`] : []),
    `- 준비물: ${facts.supplies ?? '○○, ○○'}`,
    '- 준비물에는 이름을 꼭 써 주세요.',
    '가정에서 자녀와 함께 준비물을 확인해 주시면 고맙겠습니다.',
  ].join('\n');
}

const ABSENCE_CHECK_IN = [
  '### 결석 학생 가정 안부 문자',
  '',
  '안녕하세요, ○○○ 학생 보호자님. ○학년 ○반 담임 ○○○입니다.',
  '오늘 ○○○ 학생이 학교에 오지 않아 걱정되는 마음에 연락드립니다. 몸은 좀 괜찮은지요?',
  '충분히 쉬고 건강한 모습으로 다시 만나기를 기다리겠습니다. 오늘 배운 내용과 알림장은 등교하면 따로 챙겨 주겠습니다.',
  '결석계나 진료 확인서가 필요하면 등교할 때 함께 보내 주세요. 감사합니다.',
].join('\n');

/** A short message home for a request that asks for one, or null. */
export function messageForChat(question: string, today: Date): string | null {
  if (/결석/u.test(question) && /안부|문자|연락|메시지/u.test(question)) return ABSENCE_CHECK_IN;
  if (/준비물/u.test(question) && /알림장/u.test(question)) return suppliesNotice(question, today);
  if (/문자|메시지/u.test(question) && /안내|알림|알려/u.test(question)) return announcement(question, today);
  if (/준비물/u.test(question) && /문자|메시지/u.test(question)) return suppliesNotice(question, today);
  return null;
}
