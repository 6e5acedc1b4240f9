import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import {
  MEETING_DECISIONS,
  type MeetingMinutesInput,
  meetingMinutesInputSchema,
  namesOf,
} from '@ssaem/contracts';
import { doc, heading, orderedList, paragraph, table, tableHeader } from '@ssaem/documents';
import { z } from 'zod';
import type { AiGateway } from '../../../platform/ai/gateway.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import type { Actor } from '../../../policies/actor.ts';
import { extractFacts, whenOf } from '../draft-facts.ts';
import { sentencesOf } from '../draft-text.ts';
import { type StudioContext, type StudioTool, studioNotice } from './studio-tool.ts';

export const MEETING_MINUTES = 'MEETING_MINUTES';

const minutesSchema = z.object({
  opening: z.string(),
  agenda: z.array(
    z.object({
      title: z.string(),
      presentation: z.string(),
      discussion: z.array(z.object({ speaker: z.string(), content: z.string() })),
      decision: z.enum(MEETING_DECISIONS).or(z.literal('미정')),
    }),
  ),
  otherBusiness: z.string(),
});
type MinutesBody = z.infer<typeof minutesSchema>;

const SHADE = { backgroundColor: '#EEF2F7' };

/**
 * The agenda as items: one a line, or numbered ("1. 예산안 2. 수학여행"), or separated by commas or
 * semicolons; the teacher's own numbers are taken off (the minutes number them once).
 */
export function agendaItems(topic: string): string[] {
  const items = topic
    .replace(/(?:^|\s)(?:제\s*)?\d+\s*(?:호\s*안건|[.)])\s*[:：]?/gu, '\n')
    .split(/\n|;|,(?=\s*[^\s\d])/u)
    .map((line) => line.replace(/^\s*(?:안건\s*[:：])?\s*[-·•*]?\s*/u, '').trim())
    .map((line) => line.replace(/[.。]+$/u, ''))
    .filter((line) => line.length > 0);
  return items.length ? items : [topic.trim()];
}

const DECISION_PATTERNS: [RegExp, (typeof MEETING_DECISIONS)[number]][] = [
  [/수정\s*가결|수정하여\s*가결|수정\s*의결/u, '수정가결'],
  [/원안\s*(?:대로\s*)?가결|원안\s*의결|원안\s*승인|만장일치로?\s*가결|가결/u, '원안가결'],
  [/부결/u, '부결'],
  [/보류|다음\s*회의에서\s*다시/u, '보류'],
];

/** The decision a note records ("1호 원안가결", "수학여행은 수정 가결"), if it records one. */
function decisionIn(line: string): (typeof MEETING_DECISIONS)[number] | null {
  for (const [pattern, decision] of DECISION_PATTERNS) if (pattern.test(line)) return decision;
  return null;
}

/** Which agenda item a note is about: its number (1호, 제2호, 2번) or words it shares with the item. */
function agendaOf(line: string, items: string[]): number | null {
  const numbered = /(?:제\s*)?(\d+)\s*(?:호|번)/u.exec(line);
  if (numbered) {
    const index = Number(numbered[1]) - 1;
    if (index >= 0 && index < items.length) return index;
  }
  let best: { index: number; score: number } | null = null;
  items.forEach((item, index) => {
    const words = (item.match(/[가-힣]{2,}/gu) ?? []).map((w) => w.slice(0, 2));
    const score = words.filter((w) => line.includes(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { index, score };
  });
  return (best as { index: number } | null)?.index ?? null;
}

/**
 * A note about the meeting itself ("회의는 12월 2일 오후 4시 도서관에서 열림."): its date and place
 * fill the heading's rows, so it is nobody's remark in the discussion.
 */
function isAboutTheMeeting(note: string): boolean {
  if (SPEAKERS.test(note) || decisionIn(note)) return false;
  return (
    /^(?:이번\s+|오늘\s+|본\s+)?회의(?:는|가|를)?\s/u.test(note) ||
    /(?:열림|열렸음|열렸다|열립니다|개최함|개최됨|개최합니다)[.]?$/u.test(note)
  );
}

const SPEAKERS =
  /^(위원장|부위원장|교장|교감|간사|행정실장|교원\s*위원|학부모\s*위원|지역\s*위원|위원)\s*[:：]\s*/u;

/** Attendance by role; names only here, in the list the form supplied (DOMAIN.md). */
function attendance(form: MeetingMinutesInput) {
  const rows: [string, string][] = [['교원위원(당연직)', `${form.principal} (교장)`]];
  if (form.chair.trim()) rows.push(['위원장', form.chair.trim()]);
  rows.push(['교원위원', namesOf(form.teachers).join(', ')]);
  rows.push(['학부모위원', namesOf(form.parents).join(', ')]);
  if (form.secretary.trim()) rows.push(['간사', form.secretary.trim()]);
  if (form.admin.trim()) rows.push(['행정실장', form.admin.trim()]);
  return rows;
}

function memberCount(form: MeetingMinutesInput): number {
  const listed = new Set([form.principal.trim(), ...namesOf(form.teachers), ...namesOf(form.parents)]);
  const chairFromOutside = form.chair.trim() && !listed.has(form.chair.trim()) ? 1 : 0;
  return listed.size + chairFromOutside;
}

/** The facts the notes give about the meeting itself: its number, date, place and quorum. */
function meetingFacts(form: MeetingMinutesInput, today: Date) {
  return extractFacts([form.title, form.topic, form.requestContent, form.transcript ?? ''].join('\n'), today);
}

/**
 * Minutes without a model: each agenda item with the teacher's own notes under it (attributed to
 * the role that spoke, when the note says so), the decision the notes record, and the quorum only
 * as far as the notes or the attendance list tell it.
 */
function offlineMinutes(form: MeetingMinutesInput, today: Date): MinutesBody {
  const items = agendaItems(form.topic);
  const facts = meetingFacts(form, today);
  const notes = sentencesOf([form.requestContent, form.transcript ?? ''].join('\n'))
    .map((line) => line.replace(/^\s*[-·•*]\s*/u, '').trim())
    .filter((line) => line && !/재적|성원|개회|폐회/u.test(line) && !isAboutTheMeeting(line));
  const decisions: MinutesBody['agenda'][number]['decision'][] = items.map(() => '미정');
  const discussion: { speaker: string; content: string }[][] = items.map(() => []);
  let current = 0;
  for (const note of notes) {
    const about = agendaOf(note, items);
    if (about !== null) current = about;
    const decision = decisionIn(note);
    if (decision) {
      decisions[current] = decision;
      continue;
    }
    const speaker = SPEAKERS.exec(note);
    const content = note.replace(SPEAKERS, '').replace(/[.]+$/u, '');
    discussion[current]?.push({
      speaker: speaker?.[1]?.replace(/\s+/g, '') ?? '위원',
      content: `${content}.`,
    });
  }
  const present = facts.quorum.present ?? memberCount(form);
  const registered = facts.quorum.registered;
  return {
    opening: `재적 위원 ${registered ?? '○'}명 중 ${present}명이 출석하여 성원되었음을 보고하고, 위원장이 개회를 선언함.`,
    agenda: items.map((title, index) => ({
      title,
      presentation: `${title}에 대하여 담당 교원이 제안 설명함.`,
      discussion: discussion[index] ?? [],
      decision: decisions[index] ?? '미정',
    })),
    otherBusiness: '없음',
  };
}

function minutesDocument(body: MinutesBody, form: MeetingMinutesInput, context: StudioContext) {
  const school = context.schoolName ?? '○○학교';
  const kind = form.meetingKind === 'EXTRA' ? '임시' : '정기';
  const facts = meetingFacts(form, context.today);
  const date = form.meetingDate?.trim() || whenOf(facts) || `${context.today.getFullYear()}. ○. ○.(○) ○○:○○`;
  const number = facts.meeting ? `제${facts.meeting.number}${facts.meeting.unit}` : '제○회';
  return doc(
    [
      heading(1, `${school} 학교운영위원회 ${number} (${kind}) 회의록`, { textAlign: 'center' }),
      table([
        [tableHeader('일시', SHADE), date],
        [tableHeader('장소', SHADE), form.place?.trim() || facts.place || '본교 ○○실'],
        [
          tableHeader('안건', SHADE),
          agendaItems(form.topic)
            .map((item, i) => `${i + 1}. ${item}`)
            .join('\n'),
        ],
      ]),
      heading(2, '참석 위원'),
      table([[tableHeader('구분', SHADE), tableHeader('위원', SHADE)], ...attendance(form)], {
        colwidths: [25, 75],
      }),
      heading(2, '1. 개회'),
      paragraph(body.opening),
      heading(2, '2. 안건 심의'),
      ...body.agenda.flatMap((item, index) => [
        heading(3, `제${index + 1}호 안건: ${item.title}`),
        paragraph(`○ 제안 설명: ${item.presentation}`),
        paragraph('○ 질의 및 응답'),
        item.discussion.length
          ? orderedList(item.discussion.map((entry) => `${entry.speaker}: ${entry.content}`))
          : paragraph('  (질의와 응답 내용을 적어 주세요)'),
        paragraph(
          `○ 의결: ${item.decision === '미정' ? '(원안가결 / 수정가결 / 부결 / 보류 중 의결 결과를 적어 주세요)' : item.decision}`,
        ),
      ]),
      heading(2, '3. 기타 사항'),
      paragraph(body.otherBusiness || '없음'),
      heading(2, '4. 폐회'),
      paragraph('위원장이 폐회를 선언함.'),
      paragraph(`위원장          (인)      간사          (인)`, { textAlign: 'right' }),
    ],
    { title: form.title },
  );
}

/** The recording's kind by its bytes: MP3 (ID3 tag or frame sync) or MP4 (`ftyp` box). */
export function recordingKind(bytes: Buffer): 'mp3' | 'mp4' | null {
  if (bytes.length >= 3 && bytes.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  return null;
}

/** The sound of a video as MP3, through ffmpeg when the server has it. */
async function audioOfVideo(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-vn',
      '-f',
      'mp3',
      'pipe:1',
    ]);
    const chunks: Buffer[] = [];
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.on('error', () =>
      reject(
        new AppError('E_VALIDATION', {
          details: [
            {
              path: 'files',
              message: '영상(mp4)에서 소리를 뽑을 수 없는 서버입니다. mp3 파일로 올려 주세요.',
            },
          ],
        }),
      ),
    );
    ffmpeg.on('close', (code) =>
      code === 0 && chunks.length
        ? resolve(Buffer.concat(chunks))
        : reject(
            new AppError('E_FILE_001', {
              details: [{ path: 'files', message: '영상에서 소리를 뽑지 못했습니다.' }],
            }),
          ),
    );
    ffmpeg.stdin.on('error', () => undefined);
    ffmpeg.stdin.end(bytes);
  });
}

/**
 * Minutes from a recording (document-tools.md §5): an mp3 or mp4 is turned into text by the
 * provider's speech-to-text model; without one the teacher is told so and types the notes instead.
 */
export function createRecordingReader(gateway: AiGateway) {
  return async (input: unknown, files: SpooledFile[], actor: Actor) => {
    const file = files[0];
    if (!file) return input;
    const kind = recordingKind(file.head);
    if (!kind) {
      throw new AppError('E_VALIDATION', {
        details: [{ path: 'files', message: '녹음 파일은 mp3 또는 mp4만 올릴 수 있습니다.' }],
      });
    }
    if (!gateway.canTranscribe) {
      throw new AppError('E_VALIDATION', {
        details: [
          {
            path: 'files',
            message:
              '녹음을 글로 옮기는 음성 인식 모델이 연결되어 있지 않습니다. 회의 내용을 직접 입력해 주세요.',
          },
        ],
      });
    }
    // A recording is sent to the speech model whole, so here it is read into memory.
    const recording = await readFile(file.path);
    const audio = kind === 'mp4' ? await audioOfVideo(recording) : recording;
    const { text } = await gateway.transcribe({
      caller: { userId: actor.userId },
      purpose: 'meeting-minutes-transcription',
      audio,
      mediaType: 'audio/mpeg',
    });
    return { ...(input as Record<string, unknown>), transcript: text.slice(0, 60_000) };
  };
}

export const meetingMinutesTool: StudioTool<MeetingMinutesInput, MinutesBody> = {
  libraryType: MEETING_MINUTES,
  promptSeq: 9,
  inputSchema: meetingMinutesInputSchema,
  modelSchema: minutesSchema,
  offlineNotice: studioNotice('회의록'),
  offline: (form, context) => offlineMinutes(form, context.today),
  // Members are named in the attendance list only; the model works with roles.
  sensitiveNames: (form) =>
    [
      form.principal,
      form.chair,
      form.secretary,
      form.admin,
      ...namesOf(form.teachers),
      ...namesOf(form.parents),
    ]
      .map((name) => name.trim())
      .filter((name) => name.length >= 2),
  prompt(form, context) {
    return [
      `학교: ${context.schoolName ?? '○○학교'} · 학교급: ${form.schoolLevel ?? ''} · ${form.meetingKind === 'EXTRA' ? '임시회' : '정기회'}`,
      `안건:\n${agendaItems(form.topic)
        .map((item, i) => `${i + 1}. ${item}`)
        .join('\n')}`,
      `재적 위원 ${memberCount(form)}명`,
      form.requestContent ? `회의 메모/요청:\n${form.requestContent}` : '',
      form.transcript ? `회의 녹음을 옮긴 글:\n${form.transcript.slice(0, 30_000)}` : '',
      '발언자는 이름이 아니라 역할(위원장, 교원위원, 학부모위원, 교장, 간사)로 적습니다. decision은 원안가결, 수정가결, 부결, 보류 중 하나이며 알 수 없으면 "미정"입니다. opening은 성원 보고와 개회 선언 문장입니다.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument: minutesDocument,
};
