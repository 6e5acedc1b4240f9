import { countNeisBytes, RECORD_AREA_INFO, type RecordArea, toNounForm } from '@ssaem/contracts';
import { josa } from 'es-hangul';

export interface Observations {
  keywords: string;
  notes: string;
  activities: string;
}

/** What a teacher sees with an offline draft: one plain sentence. */
export const OFFLINE_DRAFT_NOTICE = 'AI 연결 없이 입력하신 관찰 내용으로 기본 초안을 만들었어요.';

export const STUDENT_RECORD_SYSTEM_PROMPT = [
  '당신은 한국 초·중·고 교사의 학교생활기록부 작성을 돕는 보조자입니다.',
  '교사가 관찰한 사실만으로 해당 영역의 문장을 씁니다. 관찰에 없는 사실, 성적, 진단은 지어내지 않습니다.',
  '문장은 "…함", "…임", "…음" 같은 명사형으로 끝내고, 학생 이름은 쓰지 않습니다.',
  '공인어학시험, 교외 수상, 자격증, 모의고사 성적, 논문·도서 출간·특허, 해외 봉사, 부모의 직업이나 지위, 사교육·방과후학교 수강, 대학·기업·기관 이름은 쓰지 않습니다.',
].join('\n');

function items(text: string): string[] {
  return text
    .split(/[\n,;·]|(?<=[.!?])\s+/)
    .map((part) =>
      part
        .replace(/^\s*[-*•\d.)]+\s*/, '')
        .replace(/[.!?\s]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

function lines(text: string): string[] {
  return text
    .split(/\n|(?<=[.!?])\s+/)
    .map((part) =>
      part
        .replace(/^\s*[-*•\d.)]+\s*/, '')
        .replace(/[.!?\s]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** A noun-form syllable ending (…함, …임, …음, …됨): the final consonant is ㅁ (or ㄻ). */
function endsInNounForm(sentence: string): boolean {
  const last = sentence.at(-1);
  if (!last) return false;
  const code = last.charCodeAt(0) - 0xac00;
  return code >= 0 && code < 11172 && (code % 28 === 16 || code % 28 === 10);
}

/** One observation as a record sentence: its predicate in the noun form, or "…에 참여함". */
export function asRecordSentence(observation: string, fallback: (text: string) => string): string {
  const text = observation.trim();
  if (endsInNounForm(text)) return `${text}.`;
  const words = text.split(/\s+/);
  const last = words.at(-1) ?? '';
  const noun = toNounForm(last);
  if (noun) return `${[...words.slice(0, -1), noun].join(' ')}.`;
  return `${fallback(text)}.`;
}

const OPENINGS: Record<RecordArea, (keywords: string) => string> = {
  BEHAVIOR: (k) => `${josa(k, '이/가')} 돋보이는 학생임.`,
  SUBJECT: (k) => `수업에서 ${josa(k, '이/가')} 돋보임.`,
  AUTONOMY: (k) => `자율·자치활동에서 ${josa(k, '을/를')} 보여 줌.`,
  CLUB: (k) => `동아리활동에서 ${josa(k, '을/를')} 보여 줌.`,
  CAREER: (k) => `진로활동에서 ${k}에 관심을 보임.`,
};

/**
 * The offline draft: the teacher's keywords as an opening sentence, then each note and each
 * activity as a record sentence, as many as fit the area's byte limit. It writes only what the
 * teacher gave.
 */
export function draftOffline(area: RecordArea, observations: Observations, byteLimit: number): string {
  const sentences: string[] = [];
  const keywords = items(observations.keywords);
  if (keywords.length) sentences.push(OPENINGS[area](keywords.slice(0, 4).join(', ')));
  for (const note of lines(observations.notes)) {
    sentences.push(asRecordSentence(note, (text) => `${text}의 모습을 보임`));
  }
  for (const activity of lines(observations.activities)) {
    sentences.push(
      asRecordSentence(activity, (text) =>
        text.endsWith('활동') ? `${text}에 참여함` : `${text} 활동에 참여함`,
      ),
    );
  }
  return fitToLimit(sentences, byteLimit);
}

/** Whole sentences while they fit the byte limit (a draft never starts over the limit). */
export function fitToLimit(sentences: string[], byteLimit: number): string {
  let text = '';
  for (const sentence of sentences) {
    const next = text ? `${text} ${sentence}` : sentence;
    if (countNeisBytes(next) > byteLimit) break;
    text = next;
  }
  return text;
}

/** A model's text cut back to whole sentences within the limit. */
export function trimToLimit(text: string, byteLimit: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (countNeisBytes(clean) <= byteLimit) return clean;
  return fitToLimit(clean.split(/(?<=[.!?])\s+/), byteLimit);
}

export function draftPrompt(
  area: RecordArea,
  subject: string,
  observations: Observations,
  byteLimit: number,
): string {
  const info = RECORD_AREA_INFO[area];
  return [
    `영역: ${info.ko}${subject ? ` (${subject})` : ''}`,
    `분량: NEIS 기준 ${byteLimit}바이트(한글 약 ${Math.floor(byteLimit / 3)}자) 이내`,
    observations.keywords.trim() ? `키워드: ${observations.keywords.trim()}` : '',
    observations.notes.trim() ? `관찰 메모:\n${observations.notes.trim()}` : '',
    observations.activities.trim() ? `활동 목록:\n${observations.activities.trim()}` : '',
    '위 관찰만으로 이 영역의 기록을 한 문단으로 쓰세요. text에 본문만 넣으세요.',
  ]
    .filter(Boolean)
    .join('\n');
}
