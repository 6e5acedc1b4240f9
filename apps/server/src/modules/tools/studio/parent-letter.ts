import { type ParentLetterInput, parentLetterInputSchema } from '@ssaem/contracts';
import {
  doc,
  heading,
  horizontalRule,
  orderedList,
  paragraph,
  table,
  tableCell,
  tableHeader,
} from '@ssaem/documents';
import { z } from 'zod';
import { extractFacts, formatShortDate, whenOrBlank } from '../draft-facts.ts';
import { sentencesOf, topicOf, withoutFactClauses, withoutRequest } from '../draft-text.ts';
import { withParticle } from '../korean-particles.ts';
import { type StudioContext, type StudioTool, studioNotice } from './studio-tool.ts';

export const PARENT_LETTER = 'PARENT_LETTER';

/** What the model (or the offline draft) writes; the layout around it is always ours. */
const letterSchema = z.object({
  greeting: z.string(),
  purpose: z.string(),
  details: z.array(z.object({ label: z.string(), content: z.string() })),
  closing: z.string(),
  attachments: z.array(z.string()),
});
type LetterBody = z.infer<typeof letterSchema>;

/** A seasonal greeting for the month (DOMAIN.md: "학부모님께" and a seasonal greeting). */
export function seasonalGreeting(date: Date): string {
  const month = date.getMonth() + 1;
  if (month === 3) return '새 학년을 맞아 가정에 건강과 행복이 가득하시기를 바랍니다.';
  if (month === 4 || month === 5) return '따스한 봄기운이 가득한 계절, 가정에 평안이 함께하시기를 바랍니다.';
  if (month >= 6 && month <= 8) return '무더운 여름, 가정에 건강과 평안이 함께하시기를 바랍니다.';
  if (month >= 9 && month <= 11) return '하늘이 높고 맑은 가을, 가정에 기쁨이 가득하시기를 바랍니다.';
  return '추운 날씨에 가정에 따뜻함과 건강이 함께하시기를 바랍니다.';
}

function koreanDate(date: Date): string {
  return `${date.getFullYear()}. ${date.getMonth() + 1}. ${date.getDate()}.`;
}

/**
 * What the letter is about, as a noun phrase: the topic when the teacher typed a phrase ("1학기
 * 학부모 상담 주간"), else the title without its document word ("공개수업 안내" → "공개수업").
 */
function subjectOf(title: string, topic: string): string {
  const phrase = withoutRequest(topic);
  if (phrase && phrase.length <= 30 && !/[.!?\n]/u.test(phrase) && !/(다|요|니다)$/u.test(phrase))
    return phrase;
  const fromTitle = withoutRequest(title)
    .replace(/(?:\s*(?:가정통신문|안내문|안내장|안내|알림|신청|신청서|동의서|공지))+$/u, '')
    .trim();
  return fromTitle || topicOf(topic);
}

/** The teacher's own sentences, as the letter's 내용: one item a sentence, fact-only lines left to their rows. */
function contentLines(text: string): string[] {
  return sentencesOf(text)
    .map((line) =>
      withoutFactClauses(
        line
          .replace(/^\s*[-·•*]\s*/u, '')
          .replace(/[.]+$/u, '')
          .trim(),
      ),
    )
    .filter(Boolean);
}

/** The six details DOMAIN.md lists; every fact the teacher typed fills its row, the rest stay blanks. */
function offlineBody(form: ParentLetterInput, context: StudioContext): LetterBody {
  const text = `${form.topic}\n${form.additionalInfo}`;
  const facts = extractFacts(text, context.today);
  const apply = form.documentType === 'APPLY';
  const subject = subjectOf(form.title, form.topic);
  const when = whenOrBlank(facts, { skipDeadline: true });
  const lines = contentLines(text);
  const deadline = facts.deadline ? `${formatShortDate(facts.deadline)}까지` : '○월 ○일(○)까지';
  return {
    greeting: seasonalGreeting(context.today),
    purpose: `${withParticle(subject, '을/를')} 아래와 같이 안내드립니다.`,
    details: [
      { label: '일시', content: when },
      { label: '장소', content: facts.place ?? '본교 ○○실' },
      { label: '대상', content: facts.target ?? '○학년 학생 및 학부모' },
      { label: '내용', content: lines.length ? lines.join(' / ') : subject },
      ...(facts.supplies ? [{ label: '준비물', content: facts.supplies }] : []),
      ...(facts.fee ? [{ label: '비용', content: facts.fee }] : []),
      ...(apply
        ? [
            { label: '신청 방법', content: '아래 회신서를 작성하여 자녀 편에 담임 교사에게 제출' },
            { label: '제출 마감', content: deadline },
          ]
        : [{ label: '문의', content: '담임 교사 또는 교무실(☎ ○○○-○○○○)' }]),
    ],
    closing: apply
      ? `가정에서 내용을 확인하시고 ${deadline.replace(/까지$/u, '')}까지 회신서를 제출해 주시기 바랍니다.`
      : '가정에서도 관심을 가지고 살펴봐 주시기 바랍니다.',
    attachments: apply ? ['회신서 1부'] : [],
  };
}

/** The reply slip of an APPLY letter, below a cut line (DOMAIN.md). */
function replySlip(form: ParentLetterInput, schoolName: string, today: Date) {
  const deadline = extractFacts(`${form.topic}\n${form.additionalInfo}`, today).deadline;
  return [
    paragraph('✂ - - - - - - - - - - - - - - - 절 취 선 - - - - - - - - - - - - - - -', {
      textAlign: 'center',
    }),
    heading(2, `${form.title} 회신서`, { textAlign: 'center' }),
    table(
      [
        [
          tableHeader('학년 / 반 / 번호', { backgroundColor: '#EEF2F7' }),
          tableCell('     학년      반      번'),
        ],
        [tableHeader('학생 이름', { backgroundColor: '#EEF2F7' }), tableCell('')],
        [tableHeader('보호자 이름', { backgroundColor: '#EEF2F7' }), tableCell('                    (서명)')],
        [tableHeader('동의 여부', { backgroundColor: '#EEF2F7' }), tableCell('□ 동의함     □ 동의하지 않음')],
        [
          tableHeader('제출 기한', { backgroundColor: '#EEF2F7' }),
          tableCell(deadline ? `${formatShortDate(deadline)}까지` : '○월 ○일(○)까지'),
        ],
      ],
      { colwidths: [30, 70] },
    ),
    paragraph('위와 같이 회신합니다.', { textAlign: 'center' }),
    paragraph(`${schoolName}장 귀하`, { textAlign: 'right' }),
  ];
}

export const parentLetterTool: StudioTool<ParentLetterInput, LetterBody> = {
  libraryType: PARENT_LETTER,
  promptSeq: 2,
  inputSchema: parentLetterInputSchema,
  modelSchema: letterSchema,
  offlineNotice: studioNotice('가정통신문'),
  offline: offlineBody,
  prompt(form, context) {
    return [
      `가정통신문 종류: ${form.documentType === 'APPLY' ? '신청(회신서 있음)' : '안내(회신서 없음)'}`,
      `제목: ${form.title}`,
      `주제: ${form.topic}`,
      form.additionalInfo ? `세부 내용: ${form.additionalInfo}` : '',
      `학교: ${context.schoolName ?? '○○학교'}`,
      `작성일: ${koreanDate(context.today)}`,
      'greeting은 계절 인사 한두 문장, purpose는 "…아래와 같이 안내드립니다"로 끝나는 취지, details는 일시·장소·대상·내용·신청 방법·마감처럼 번호를 붙일 항목(label과 content), closing은 맺음말, attachments는 붙임 문서 이름들입니다. 모르는 날짜나 장소는 ○로 비워 두세요.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(body, form, context) {
    const schoolName = context.schoolName ?? '○○학교';
    const year = context.today.getFullYear();
    return doc(
      [
        paragraph(`가정통신 ${year}-○○○`),
        heading(1, form.title, { textAlign: 'center' }),
        paragraph('학부모님께'),
        paragraph(body.greeting),
        paragraph(body.purpose),
        paragraph('- 아  래 -', { textAlign: 'center' }),
        orderedList(body.details.map((detail) => `${detail.label}: ${detail.content}`)),
        paragraph(body.closing),
        ...(body.attachments.length
          ? [paragraph(`붙임  ${body.attachments.map((name, i) => `${i + 1}. ${name}`).join('  ')}`)]
          : []),
        paragraph(koreanDate(context.today), { textAlign: 'center' }),
        heading(2, `${schoolName}장`, { textAlign: 'center' }),
        ...(form.documentType === 'APPLY'
          ? [horizontalRule(), ...replySlip(form, schoolName, context.today)]
          : []),
      ],
      { title: form.title },
    );
  },
};
