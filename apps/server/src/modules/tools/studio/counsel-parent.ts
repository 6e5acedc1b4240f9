import {
  COUNSEL_GENDER_LABELS,
  type CounselParentInput,
  type CounselParentRecordInput,
  counselParentInputSchema,
  PARENT_RELATION_LABELS,
} from '@ssaem/contracts';
import { type DocumentNode, doc, heading, paragraph, table } from '@ssaem/documents';
import { parentSheet } from './counsel-parent-sheet.ts';
import {
  counselFacts,
  dotted,
  followUpsFor,
  koreanDateWithDay,
  labelCell,
  linesOf,
  type ParentCounsel,
  parentCounselSchema,
  securityNotice,
  studentNameVariants,
  subjectLabels,
  valueCell,
} from './counsel-shared.ts';
import { type StudioContext, type StudioTool, studioNotice } from './studio-tool.ts';

export const COUNSEL_PARENT = 'COUNSEL_PARENT';

function recordPrompt(form: CounselParentRecordInput, context: StudioContext): string {
  return [
    '문서: 학부모 상담 기록',
    `학생: ${form.studentName} (${COUNSEL_GENDER_LABELS[form.gender]})`,
    `상담 대상: ${PARENT_RELATION_LABELS[form.relation]}`,
    `상담 영역: ${subjectLabels(form.counselSubject)}`,
    `상담 내용(상황): ${form.topic}`,
    `학부모 의견: ${form.parentOpinion}`,
    `교사 개입: ${form.teacherIntervention}`,
    form.futurePlan ? `향후 계획: ${form.futurePlan}` : '',
    form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
    `작성일: ${koreanDateWithDay(context.today)}`,
    'summary는 상담 내용(관찰된 사실 중심), parentOpinion은 보호자가 말한 의견, teacherView는 교사의 의견과 개입, followUps는 합의한 사항과 향후 계획 항목들입니다. 보호자의 말과 교사의 판단을 구분하고, 문장은 "…함", "…임"으로 끝내며, 입력에 없는 사실·진단명은 쓰지 마세요. 학생은 자리표시자 그대로 부르세요.',
  ]
    .filter(Boolean)
    .join('\n');
}

function recordDocument(
  body: ParentCounsel,
  form: CounselParentRecordInput,
  context: StudioContext,
): DocumentNode {
  const facts = recordFacts(form, context.today);
  return doc(
    [
      heading(1, form.title, { textAlign: 'center' }),
      securityNotice(),
      table(
        [
          [labelCell('상담 일시'), valueCell(facts.when), labelCell('상담 방법'), valueCell(facts.method)],
          [
            labelCell('대상(학년/반/이름)'),
            valueCell(`○학년 ○반 ${form.studentName} (${COUNSEL_GENDER_LABELS[form.gender]})`),
            labelCell('상담 대상'),
            valueCell(`보호자(${PARENT_RELATION_LABELS[form.relation]})`),
          ],
          [labelCell('상담 영역'), valueCell(subjectLabels(form.counselSubject), 3)],
          [labelCell('상담 내용(상황)'), valueCell(body.summary || form.topic, 3)],
          [labelCell('학부모 의견'), valueCell(body.parentOpinion || form.parentOpinion, 3)],
          [labelCell('교사 의견 및 개입'), valueCell(body.teacherView || form.teacherIntervention, 3)],
          [labelCell('향후 계획'), valueCell(dotted(body.followUps), 3)],
        ],
        { colwidths: [18, 32, 14, 36] },
      ),
      paragraph(`${context.schoolName ?? '○○학교'}  상담자: ○○○ (서명)`, { textAlign: 'right' }),
    ],
    { title: form.title },
  );
}

function recordFacts(form: CounselParentRecordInput, today: Date) {
  return counselFacts(
    [form.topic, form.requestContent, form.parentOpinion, form.teacherIntervention],
    form.futurePlan,
    today,
  );
}

/** COUNSEL_PARENT: the parent counselling record, or the record sheet (`sheet: true`). */
export const counselParentTool: StudioTool<CounselParentInput, ParentCounsel> = {
  libraryType: COUNSEL_PARENT,
  promptSeq: 13,
  inputSchema: counselParentInputSchema,
  modelSchema: parentCounselSchema,
  offlineNotice: studioNotice('학부모 상담 기록'),
  sensitiveNames: (form) => studentNameVariants(form.studentName),
  offline(form, context) {
    if (form.sheet) return parentSheet.offline(form, context);
    return {
      summary: form.topic.trim(),
      parentOpinion: form.parentOpinion.trim(),
      teacherView: form.teacherIntervention.trim(),
      followUps: [
        ...linesOf(form.futurePlan),
        ...followUpsFor(form.counselSubject),
        recordFacts(form, context.today).nextCounselling,
      ],
    };
  },
  prompt(form, context) {
    return form.sheet ? parentSheet.prompt(form, context) : recordPrompt(form, context);
  },
  toDocument(body, form, context) {
    return form.sheet ? parentSheet.toDocument(body, form, context) : recordDocument(body, form, context);
  },
};
