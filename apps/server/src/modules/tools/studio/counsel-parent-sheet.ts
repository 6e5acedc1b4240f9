import {
  COUNSEL_GENDER_LABELS,
  type CounselParentSheetInput,
  PARENT_RELATION_LABELS,
} from '@ssaem/contracts';
import { type DocumentNode, doc, heading, paragraph, table } from '@ssaem/documents';
import {
  counselFacts,
  dotted,
  koreanDateWithDay,
  labelCell,
  type ParentCounsel,
  securityNotice,
  valueCell,
} from './counsel-shared.ts';
import type { StudioContext } from './studio-tool.ts';

function sheetFacts(form: CounselParentSheetInput, today: Date) {
  return counselFacts(
    [form.topic, form.counselSummary, form.requestContent, form.parentOpinion, form.teacherObservation],
    form.requestContent,
    today,
  );
}

/**
 * The parent counselling record sheet (학부모 상담 기록지, "자동 생성"): a variant of COUNSEL_PARENT
 * chosen by `sheet: true`. The teacher gives the three summaries; the model tidies them into the
 * sheet and proposes follow-ups. counsel-parent.ts dispatches here.
 */
export const parentSheet = {
  offline(form: CounselParentSheetInput, context: StudioContext): ParentCounsel {
    return {
      summary: form.counselSummary.trim(),
      parentOpinion: form.parentOpinion.trim(),
      teacherView: form.teacherObservation.trim(),
      followUps: ['가정과 학교에서 함께 실천할 내용: ○○', sheetFacts(form, context.today).nextCounselling],
    };
  },

  prompt(form: CounselParentSheetInput, context: StudioContext): string {
    return [
      '문서: 학부모 상담 기록지',
      `학생: ${form.studentName} (${COUNSEL_GENDER_LABELS[form.gender]})`,
      `상담 대상: ${PARENT_RELATION_LABELS[form.relation]}`,
      `상담 주제: ${form.topic}`,
      `상담 내용 요약: ${form.counselSummary}`,
      `학부모 의견: ${form.parentOpinion}`,
      `교사 관찰 의견: ${form.teacherObservation}`,
      form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
      `작성일: ${koreanDateWithDay(context.today)}`,
      'summary는 상담 내용 요약, parentOpinion은 보호자가 말한 내용, teacherView는 교사가 관찰한 사실과 의견, followUps는 합의한 사항과 후속 조치 항목들입니다. 보호자의 말과 교사의 판단을 섞지 말고, 문장은 "…함", "…임"으로 끝내며, 입력에 없는 사실은 쓰지 마세요. 학생은 자리표시자 그대로 부르세요.',
    ]
      .filter(Boolean)
      .join('\n');
  },

  toDocument(body: ParentCounsel, form: CounselParentSheetInput, context: StudioContext): DocumentNode {
    return doc(
      [
        heading(1, form.title, { textAlign: 'center' }),
        securityNotice(),
        table(
          [
            [
              labelCell('학생 이름'),
              valueCell(form.studentName),
              labelCell('성별'),
              valueCell(COUNSEL_GENDER_LABELS[form.gender]),
            ],
            [
              labelCell('관계'),
              valueCell(PARENT_RELATION_LABELS[form.relation]),
              labelCell('상담 일시'),
              valueCell(sheetFacts(form, context.today).when),
            ],
            [labelCell('상담 방법'), valueCell(sheetFacts(form, context.today).method, 3)],
            [labelCell('상담 주제'), valueCell(form.topic, 3)],
            [labelCell('상담 내용 요약'), valueCell(body.summary || form.counselSummary, 3)],
            [labelCell('학부모 의견'), valueCell(body.parentOpinion || form.parentOpinion, 3)],
            [labelCell('교사 관찰 의견'), valueCell(body.teacherView || form.teacherObservation, 3)],
            [labelCell('후속 조치'), valueCell(dotted(body.followUps), 3)],
          ],
          { colwidths: [18, 32, 14, 36] },
        ),
        paragraph(`${context.schoolName ?? '○○학교'}  담임 교사: ○○○ (서명)`, { textAlign: 'right' }),
      ],
      { title: form.title },
    );
  },
};
