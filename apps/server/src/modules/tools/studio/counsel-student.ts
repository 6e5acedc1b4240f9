import { COUNSEL_GENDER_LABELS, type CounselStudentInput, counselStudentInputSchema } from '@ssaem/contracts';
import { doc, heading, paragraph, table } from '@ssaem/documents';
import { z } from 'zod';
import {
  counselFacts,
  dotted,
  followUpsFor,
  koreanDateWithDay,
  labelCell,
  linesOf,
  securityNotice,
  studentNameVariants,
  subjectLabels,
  valueCell,
} from './counsel-shared.ts';
import { type StudioTool, studioNotice } from './studio-tool.ts';

export const COUNSEL_STUDENT = 'COUNSEL_STUDENT';

/** What the model (or the offline draft) writes; the record table around it is always ours. */
const counselRecordSchema = z.object({
  situation: z.string(),
  intervention: z.string(),
  futurePlan: z.array(z.string()),
  followUps: z.array(z.string()),
});
type CounselRecord = z.infer<typeof counselRecordSchema>;

export const counselStudentTool: StudioTool<CounselStudentInput, CounselRecord> = {
  libraryType: COUNSEL_STUDENT,
  promptSeq: 12,
  inputSchema: counselStudentInputSchema,
  modelSchema: counselRecordSchema,
  offlineNotice: studioNotice('학생 상담 기록'),
  sensitiveNames: (form) => studentNameVariants(form.studentName),
  offline(form, context) {
    const facts = counselFacts(
      [form.topic, form.requestContent, form.teacherIntervention],
      form.futurePlan,
      context.today,
    );
    return {
      situation: form.topic.trim(),
      intervention: form.teacherIntervention.trim(),
      futurePlan: linesOf(form.futurePlan),
      followUps: [...followUpsFor(form.counselSubject), facts.nextCounselling],
    };
  },
  prompt(form, context) {
    return [
      `학생: ${form.studentName} (${COUNSEL_GENDER_LABELS[form.gender]})`,
      `상담 영역: ${subjectLabels(form.counselSubject)}`,
      `상담 내용(상황): ${form.topic}`,
      `교사 개입: ${form.teacherIntervention}`,
      `향후 계획: ${form.futurePlan}`,
      form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
      `작성일: ${koreanDateWithDay(context.today)}`,
      'situation은 상담 내용을 관찰된 사실 중심으로 정리한 문단, intervention은 교사가 한 개입과 지도, futurePlan은 향후 계획 항목들, followUps는 후속 조치(재상담 일정, 보호자 연락, 전문기관 연계 등) 항목들입니다. 문장은 "…함", "…임"으로 끝내고, 입력에 없는 사실·진단명·추측은 쓰지 마세요. 학생은 자리표시자 그대로 부르세요.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(record, form, context) {
    const facts = counselFacts(
      [form.topic, form.requestContent, form.teacherIntervention],
      form.futurePlan,
      context.today,
    );
    const student = `○학년 ○반 ${form.studentName} (${COUNSEL_GENDER_LABELS[form.gender]})`;
    return doc(
      [
        heading(1, form.title, { textAlign: 'center' }),
        securityNotice(),
        table(
          [
            [labelCell('상담 일시'), valueCell(facts.when), labelCell('상담 방법'), valueCell(facts.method)],
            [
              labelCell('대상(학년/반/이름)'),
              valueCell(student),
              labelCell('상담자'),
              valueCell('담임 교사 ○○○'),
            ],
            [labelCell('상담 영역'), valueCell(subjectLabels(form.counselSubject), 3)],
            [labelCell('상담 내용(상황)'), valueCell(record.situation || form.topic, 3)],
            [labelCell('교사 개입'), valueCell(record.intervention || form.teacherIntervention, 3)],
            [labelCell('향후 계획'), valueCell(dotted(record.futurePlan), 3)],
            [labelCell('후속 조치'), valueCell(dotted(record.followUps), 3)],
          ],
          { colwidths: [18, 32, 14, 36] },
        ),
        paragraph(`${context.schoolName ?? '○○학교'}  상담자: ○○○ (서명)`, { textAlign: 'right' }),
      ],
      { title: form.title },
    );
  },
};
