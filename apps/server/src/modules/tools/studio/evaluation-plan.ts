import { defaultCurriculum, type EvaluationPlanInput, evaluationPlanInputSchema } from '@ssaem/contracts';
import {
  bulletList,
  type DocumentNode,
  doc,
  heading,
  isDocumentError,
  paragraph,
  table,
  tableHeader,
} from '@ssaem/documents';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../../platform/http/upload-spool.ts';
import { type DocumentReader, documentFileError } from '../../../platform/sandbox/document-reader.ts';
import { extractFacts } from '../draft-facts.ts';
import { type Grounding, gradeBandOf, normalizeCode } from '../grounding.ts';
import { topicTermsOf } from '../topic-terms.ts';
import { type StudioContext, type StudioTool, studioNotice } from './studio-tool.ts';

export const EVALUATION_PLAN = 'EVALUATION_PLAN';

interface PlanStandard {
  code: string;
  statement: string;
  area: string | null;
  levels: { level: string; description: string }[];
}

/** The form as the generator sees it: the teacher's choices plus what the server looked up. */
export type EvaluationPlanForm = Omit<EvaluationPlanInput, 'curriculum'> & {
  /** The teacher's choice, or the curriculum the grade follows this school year. */
  curriculum: 2015 | 2022;
  resolved?: {
    gradeName: string | null;
    subjectName: string | null;
    publisher: string | null;
    standards: PlanStandard[];
  };
};

const planSchema = z.object({
  direction: z.array(z.string()),
  rows: z.array(
    z.object({
      timing: z.string(),
      unit: z.string(),
      area: z.string(),
      standardCode: z.string(),
      element: z.string(),
      methods: z.string(),
    }),
  ),
});
type PlanBody = z.infer<typeof planSchema>;

const DIRECTION = [
  '수업에서 가르친 내용만 평가합니다.',
  '결과뿐 아니라 배우는 과정을 함께 평가합니다.',
  '수행평가는 수업 시간 안에서 이루어지도록 합니다.',
  '평가 결과는 학생별 피드백으로 학습을 돕는 데 씁니다.',
];

const METHODS_BY_SUBJECT: Record<string, string> = {
  국어: '서술형, 관찰',
  수학: '서술형, 지필',
  사회: '보고서, 관찰',
  과학: '실험 보고서, 관찰',
  영어: '실기(말하기), 서술형',
  체육: '실기, 관찰',
  음악: '실기, 포트폴리오',
  미술: '실기, 포트폴리오',
  도덕: '서술형, 자기 평가',
};

const HANGUL_BASE = 0xac00;
/** Stems that end in ㄹ themselves ("만들 수 있다" → 만들기, not 만드기). */
const L_STEMS = new Set([
  '만들',
  '알',
  '놀',
  '열',
  '살',
  '팔',
  '걸',
  '풀',
  '불',
  '밀',
  '울',
  '졸',
  '길',
  '멀',
  '들',
]);

function dropFinal(syllable: string): string {
  const code = syllable.charCodeAt(0) - HANGUL_BASE;
  if (code < 0 || code > 11171) return syllable;
  return String.fromCharCode(HANGUL_BASE + code - (code % 28));
}

/**
 * 평가 요소 as DOMAIN.md writes them: a noun phrase ending in "…하기", from the standard's own
 * sentence ("분수를 이해하고 읽고 쓸 수 있다." → "분수를 이해하고 읽고 쓰기").
 */
export function evaluationElementOf(statement: string): string {
  const s = statement.trim().replace(/[.。]$/, '');
  if (s.endsWith('할 수 있다')) return `${s.slice(0, -'할 수 있다'.length)}하기`;
  if (s.endsWith('을 수 있다')) return `${s.slice(0, -'을 수 있다'.length)}기`;
  const can = /(\S+) 수 있다$/.exec(s);
  if (can) {
    const word = can[1]!;
    const head = s.slice(0, s.length - can[0].length);
    const stem =
      L_STEMS.has(word) || [...L_STEMS].some((l) => word.endsWith(l) && word.length === l.length)
        ? word
        : `${word.slice(0, -1)}${dropFinal(word.slice(-1))}`;
    return `${head}${stem}기`;
  }
  if (s.endsWith('한다')) return `${s.slice(0, -2)}하기`;
  if (s.endsWith('는다')) return `${s.slice(0, -2)}기`;
  const plain = /(\S)다$/.exec(s);
  if (plain) {
    const last = plain[1]!;
    const code = last.charCodeAt(0) - HANGUL_BASE;
    // "나눈다" → 나누기, "쓴다" → 쓰기: a ㄴ batchim marks the present tense.
    if (code >= 0 && code % 28 === 4) return `${s.slice(0, -2)}${dropFinal(last)}기`;
    return `${s.slice(0, -1)}기`;
  }
  return s;
}

function months(semester: 1 | 2): string[] {
  return semester === 1 ? ['3월', '4월', '5월', '6월', '7월'] : ['8월', '9월', '10월', '11월', '12월'];
}

function isSecondary(gradeSeq: number) {
  return gradeSeq >= 21;
}

function levelLabels(gradeSeq: number, count: number): string[] {
  if (!isSecondary(gradeSeq))
    return count >= 4 ? ['매우 잘함', '잘함', '보통', '노력 요함'] : ['잘함', '보통', '노력 요함'];
  return ['A', 'B', 'C', 'D', 'E'].slice(0, Math.max(3, count));
}

/**
 * The unit of a standard's row from the units the teacher named ("물질의 구성과 전기 단원" → 물질의
 * 구성, 전기): the one whose words the standard uses, or all of them when none or several match.
 */
function unitOf(named: string | null, statement: string): string | null {
  if (!named) return null;
  const units = named
    .split(/\s*(?:,|·|및|(?<=[가-힣])(?:과|와)\s)\s*/u)
    .map((unit) => unit.trim())
    .filter(Boolean);
  const matching = units.filter((unit) => topicTermsOf(unit).some((term) => statement.includes(term)));
  return matching.length === 1 ? matching[0]! : named;
}

function offlinePlan(form: EvaluationPlanForm): PlanBody {
  const standards = form.resolved?.standards ?? [];
  const namedUnit = extractFacts(form.query, new Date()).unit;
  const slots = months(form.semester);
  const methods = METHODS_BY_SUBJECT[form.resolved?.subjectName ?? ''] ?? '서술형, 관찰';
  return {
    direction: DIRECTION,
    rows: standards.map((standard, index) => ({
      timing:
        slots[
          Math.min(slots.length - 1, Math.floor((index * slots.length) / Math.max(standards.length, 1)))
        ]!,
      // The 영역 the reference data names (elementary), or the unit the teacher named, never the request.
      unit: standard.area ?? unitOf(namedUnit, standard.statement) ?? '○○ 단원',
      area: standard.area ?? form.resolved?.subjectName ?? '',
      standardCode: standard.code,
      element: evaluationElementOf(standard.statement),
      methods,
    })),
  };
}

/** 반영 비율 as the teacher gave it ("지필 50 %, 수행 50 %"), else the blanks to fill. */
function ratioRow(form: EvaluationPlanForm): string[] {
  const ratio = extractFacts(`${form.title}\n${form.query}`, new Date()).ratio;
  return ['반영 비율', ratio ? `${ratio.written}%` : '○○%', ratio ? `${ratio.performance}%` : '○○%'];
}

function rubricTable(standard: PlanStandard, gradeSeq: number) {
  const labels = levelLabels(gradeSeq, standard.levels.length);
  const levels =
    standard.levels.length > 0
      ? standard.levels.map((level, i) => [labels[i] ?? level.level, level.description])
      : labels.map((label, i) => [
          label,
          i === 0
            ? `${evaluationElementOf(standard.statement)}를 정확하게 해내고 새로운 상황에 적용할 수 있다.`
            : i === labels.length - 1
              ? `도움을 받아 ${evaluationElementOf(standard.statement)}의 기본을 해낼 수 있다.`
              : `${evaluationElementOf(standard.statement)}를 대체로 해낼 수 있다.`,
        ]);
  return table(
    [
      [
        tableHeader('수준', { backgroundColor: '#EEF2F7' }),
        tableHeader('채점 기준', { backgroundColor: '#EEF2F7' }),
      ],
      ...levels,
    ],
    {
      colwidths: [18, 82],
    },
  );
}

function planDocument(body: PlanBody, form: EvaluationPlanForm, context: StudioContext): DocumentNode {
  const resolved = form.resolved;
  const standards = new Map((resolved?.standards ?? []).map((s) => [s.code, s]));
  // Only standards from the reference data appear, with their reference wording.
  const rows = body.rows.flatMap((row) => {
    const standard = standards.get(normalizeCode(row.standardCode));
    return standard ? [{ ...row, standard }] : [];
  });
  const year = context.today.getFullYear() - (context.today.getMonth() < 2 ? 1 : 0);
  const who = [resolved?.gradeName, resolved?.subjectName].filter(Boolean).join(' ');
  const columns = form.template?.columns.length ? form.template.columns : null;
  const header = ['시기', '단원 / 교수·학습 내용', '평가 영역', '성취기준', '평가 요소', '평가 방법'];
  const cellsOf = (row: (typeof rows)[number]): Record<string, string> => ({
    시기: row.timing,
    단원: row.unit,
    '단원 / 교수·학습 내용': row.unit,
    평가영역: row.area,
    '평가 영역': row.area,
    성취기준: `${row.standard.code} ${row.standard.statement}`,
    '평가 요소': row.element,
    평가요소: row.element,
    '평가 방법': row.methods,
    평가방법: row.methods,
  });
  const used = columns ?? header;
  const content = [
    heading(1, form.title, { textAlign: 'center' }),
    paragraph(
      [
        `${year}학년도 ${form.semester}학기`,
        who,
        context.schoolName,
        resolved?.publisher ? `교과서: ${resolved.publisher}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
      { textAlign: 'center' },
    ),
    heading(2, '1. 평가의 방향'),
    bulletList(body.direction.length ? body.direction : DIRECTION),
    ...(isSecondary(form.gradeSeq)
      ? [
          heading(2, '2. 평가 반영 비율'),
          table([
            [
              tableHeader('구분', { backgroundColor: '#EEF2F7' }),
              tableHeader('지필평가', { backgroundColor: '#EEF2F7' }),
              tableHeader('수행평가', { backgroundColor: '#EEF2F7' }),
            ],
            ratioRow(form),
          ]),
        ]
      : []),
    heading(2, `${isSecondary(form.gradeSeq) ? 3 : 2}. 평가 계획`),
    rows.length
      ? table([
          used.map((name) => tableHeader(name, { backgroundColor: '#EEF2F7' })),
          ...rows.map((row) => {
            const cells = cellsOf(row);
            return used.map((name) => cells[name] ?? cells[name.replace(/\s/g, '')] ?? '');
          }),
        ])
      : paragraph(
          '이 학년과 교과의 성취기준을 참고 자료에서 찾지 못했습니다. 성취기준을 직접 입력해 주세요.',
        ),
    heading(2, `${isSecondary(form.gradeSeq) ? 4 : 3}. 채점 기준`),
    ...rows.flatMap((row) => [
      paragraph(`${row.standard.code} ${row.element}`),
      rubricTable(row.standard, form.gradeSeq),
    ]),
    ...(isSecondary(form.gradeSeq)
      ? [
          heading(2, '5. 평가 결과 이의 신청'),
          paragraph(
            '평가 결과를 안내받은 날부터 3일 안에 담당 교사에게 이의를 신청할 수 있으며, 학업성적관리위원회의 절차에 따라 처리합니다.',
          ),
        ]
      : []),
    ...(form.gradeSeq >= 31
      ? [
          heading(2, '6. 최소 성취수준 보장 지도'),
          paragraph(
            '최소 성취수준에 이르지 못할 것으로 예상되는 학생에게 보충 지도를 하고, 그 결과를 기록합니다.',
          ),
        ]
      : []),
    heading(2, '평가 결과의 활용'),
    paragraph('평가 결과는 학생별 성장 기록과 피드백에 활용하고, 가정에 안내합니다.'),
  ];
  return doc(content, { title: form.title, orientation: 'landscape' });
}

/** Reads the teacher's own template: its text for the model, its first table's header row for the layout. */
export async function readEvaluationTemplate(
  reader: DocumentReader,
  input: unknown,
  files: SpooledFile[],
): Promise<unknown> {
  const form = (input ?? {}) as Record<string, unknown>;
  if (form.isUserTemplate !== true) return form;
  const file = files[0];
  if (!file) return form; // The schema answers with the missing-file message.
  try {
    const read = await reader.readFile(file.path, file.filename, {
      allowedKinds: ['hwp', 'hwpx', 'docx', 'pdf'],
    });
    const firstTable = read.document?.content.find((block) => block.type === 'table');
    const columns =
      firstTable?.type === 'table'
        ? (firstTable.content[0]?.content ?? [])
            .map((cell) =>
              cell.content
                .map((block) =>
                  'content' in block && Array.isArray(block.content)
                    ? block.content.map((n) => ('text' in n ? n.text : '')).join('')
                    : '',
                )
                .join(' ')
                .trim(),
            )
            .filter(Boolean)
            .slice(0, 12)
        : [];
    return { ...form, template: { fileName: file.filename, text: read.text.slice(0, 40_000), columns } };
  } catch (error) {
    if (isDocumentError(error) && error.reason !== 'unsupported-type')
      throw documentFileError(error, 'userTemplate');
    if (isDocumentError(error)) {
      throw new AppError('E_VALIDATION', {
        details: [
          {
            path: 'userTemplate',
            message: '평가계획 양식은 HWP, HWPX, WORD(DOCX), PDF 파일만 쓸 수 있습니다.',
          },
        ],
      });
    }
    throw error;
  }
}

/** Looks up the grade, subject, publisher and the standards the plan may cite. */
export async function resolveEvaluationPlan(
  db: Kysely<Database>,
  grounding: Grounding,
  form: EvaluationPlanInput,
): Promise<EvaluationPlanForm> {
  const name = async (seq: number) =>
    (await db.selectFrom('code').select('name').where('codeSeq', '=', seq).executeTakeFirst())?.name ?? null;
  const [gradeName, subjectName] = await Promise.all([name(form.gradeSeq), name(form.subjectSeq)]);
  if (!gradeName || !gradeBandOf(form.gradeSeq)) {
    throw new AppError('E_VALIDATION', { details: [{ path: 'gradeSeq', message: '학년을 선택해주세요.' }] });
  }
  if (!subjectName || Math.floor(form.subjectSeq / 1000) !== form.gradeSeq) {
    throw new AppError('E_VALIDATION', {
      details: [{ path: 'subjectSeq', message: '과목을 선택해주세요.' }],
    });
  }
  const publisherRow = form.publisherAuthorSeq
    ? await db
        .selectFrom('publisher')
        .select(['name', 'author'])
        .where('seq', '=', form.publisherAuthorSeq)
        .executeTakeFirst()
    : undefined;
  const curriculum = form.curriculum ?? defaultCurriculum(form.gradeSeq);
  const candidates = await grounding.candidates(
    curriculum,
    form.gradeSeq,
    subjectName,
    `${form.title} ${form.query}`,
    12,
  );
  // A plan on a named topic cites the standards of that topic only; a plan for the whole semester
  // (no topic the standards share) takes the grade and subject's standards in order.
  const relevant = candidates.filter((c) => c.overlap > 0);
  const standards = (relevant.length ? relevant : candidates).slice(0, 6);
  return {
    ...form,
    curriculum,
    resolved: {
      gradeName,
      subjectName,
      publisher: publisherRow
        ? [publisherRow.name, publisherRow.author && `(${publisherRow.author})`].filter(Boolean).join(' ')
        : null,
      standards: standards.map(({ code, statement, area, levels }) => ({ code, statement, area, levels })),
    },
  };
}

export function createEvaluationPlanTool(
  db: Kysely<Database>,
  grounding: Grounding,
): StudioTool<EvaluationPlanForm, PlanBody> {
  return {
    libraryType: EVALUATION_PLAN,
    promptSeq: 1,
    inputSchema: evaluationPlanInputSchema as unknown as z.ZodType<EvaluationPlanForm>,
    modelSchema: planSchema,
    offlineNotice: studioNotice('평가계획'),
    offline: (form) => offlinePlan(form),
    prompt(form, context) {
      const standards = form.resolved?.standards ?? [];
      return [
        `제목: ${form.title}`,
        `${form.resolved?.gradeName ?? ''} ${form.resolved?.subjectName ?? ''} · ${form.semester}학기 · ${form.curriculum} 개정 교육과정 · ${context.schoolName ?? ''}`,
        form.query ? `요청: ${form.query}` : '',
        `시기는 ${months(form.semester).join(', ')} 중에서 씁니다.`,
        standards.length
          ? `성취기준(이 목록의 코드만 standardCode로 쓰세요):\n${standards.map((s) => `${s.code} ${s.statement}`).join('\n')}`
          : '성취기준 목록이 없습니다. rows는 빈 배열로 두세요.',
        'element(평가 요소)는 "…하기"로 끝나는 명사구, methods는 서술형·논술형·보고서·실기·관찰·포트폴리오 중에서 고릅니다. direction은 평가의 방향 3–5문장입니다.',
        form.template
          ? `교사가 올린 양식(${form.template.fileName})의 구성을 따르세요:\n${form.template.text.slice(0, 6000)}`
          : '',
      ]
        .filter(Boolean)
        .join('\n');
    },
    toDocument: planDocument,
    prepare: (form) => resolveEvaluationPlan(db, grounding, form),
  };
}
