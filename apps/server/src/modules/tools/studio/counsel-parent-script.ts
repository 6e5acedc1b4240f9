import {
  type CounselParentScriptInput,
  counselParentScriptInputSchema,
  SCENARIO_SCHOOL_LEVEL_LABELS,
  SCENARIO_TOPIC_LABELS,
  type ScenarioTopic,
} from '@ssaem/contracts';
import { type BlockNode, bulletList, doc, heading, paragraph, table } from '@ssaem/documents';
import { z } from 'zod';
import { labelCell, valueCell } from './counsel-shared.ts';
import { type StudioTool, studioNotice } from './studio-tool.ts';

export const COUNSEL_PARENT_SCRIPT = 'COUNSEL_PARENT_SCRIPT';

const lineSchema = z.object({ speaker: z.enum(['교사', '학부모']), text: z.string() });
type Line = z.infer<typeof lineSchema>;

/**
 * What the model (or the offline draft) writes: the words of each stage. The stages, their order
 * and their minutes are ours, so the script always fits the chosen duration.
 */
const scriptSchema = z.object({
  preparation: z.array(z.string()),
  intro: z.array(lineSchema),
  topics: z.array(z.object({ topic: z.string(), lines: z.array(lineSchema), tips: z.array(z.string()) })),
  closing: z.array(lineSchema),
  cautions: z.array(z.string()),
});
type Script = z.infer<typeof scriptSchema>;

/** 교육부 고시 제2023-28호 (DOMAIN.md): what every scenario reminds the teacher of. */
const NOTICE_2023_28 =
  '교육부 고시 제2023-28호에 따라 상담은 사전에 예약된 일정으로 근무 시간 안에서 진행하며, 폭언·협박 등 교육활동 침해가 있으면 상담을 중단할 수 있습니다.';

export interface ScriptTiming {
  intro: number;
  /** Minutes of each chosen topic, in order. */
  topics: number[];
  closing: number;
}

/** The duration split into 도입 / 본론 (shared by the topics) / 마무리, in whole minutes. */
export function splitDuration(minutes: number, topicCount: number): ScriptTiming {
  const intro = Math.max(2, Math.round(minutes * 0.2));
  const closing = Math.max(2, Math.round(minutes * 0.2));
  const main = minutes - intro - closing;
  const count = Math.max(1, topicCount);
  const each = Math.floor(main / count);
  const topics = Array.from({ length: count }, (_, i) => each + (i < main - each * count ? 1 : 0));
  return { intro, topics, closing };
}

const span = (from: number, length: number) => `${from}~${from + length}분, ${length}분`;

/** The offline words for each topic: a question, a likely answer, a way forward. */
const TOPIC_LINES: Record<ScenarioTopic, { lines: Line[]; tip: string }> = {
  STUDY_HABITS: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 수업 시간에 ○○ 활동에 특히 열심히 참여합니다. 가정에서는 숙제나 복습을 어떻게 하고 있나요?',
      },
      { speaker: '학부모', text: '(예상) 스스로 하기보다는 옆에서 챙겨 줘야 하는 편이에요.' },
      {
        speaker: '교사',
        text: '정해진 시간에 짧게라도 스스로 해 보는 습관이 도움이 됩니다. 학교에서도 과제 확인을 함께 하겠습니다.',
      },
    ],
    tip: '부족한 점보다 학생의 강점과 노력을 먼저 이야기합니다.',
  },
  PEER_RELATIONS: {
    lines: [
      {
        speaker: '교사',
        text: '학교에서 ○○이는 ○○ 친구들과 자주 어울립니다. 집에서 친구 이야기를 하는 편인가요?',
      },
      { speaker: '학부모', text: '(예상) 요즘 친구 때문에 속상하다는 말을 한 적이 있어요.' },
      {
        speaker: '교사',
        text: '말씀해 주셔서 감사합니다. 학교에서 관계를 더 세심하게 살피고, 달라진 점이 있으면 바로 연락드리겠습니다.',
      },
    ],
    tip: '다른 학생의 이름이나 개인 사정은 말하지 않습니다.',
  },
  EMOTION_BEHAVIOUR: {
    lines: [
      {
        speaker: '교사',
        text: '○○이가 ○○ 상황에서 감정을 조절하기 어려워하는 모습을 몇 번 보았습니다. 가정에서는 어떤가요?',
      },
      { speaker: '학부모', text: '(예상) 집에서도 화가 나면 오래가는 편이에요.' },
      {
        speaker: '교사',
        text: '감정을 말로 표현하도록 학교와 가정에서 같은 방법으로 도와주면 좋겠습니다. 필요하면 Wee 클래스 상담도 안내드리겠습니다.',
      },
    ],
    tip: '관찰한 사실(언제, 어떤 상황, 어떤 행동)로 말하고 진단하지 않습니다.',
  },
  HOME_LIFE: {
    lines: [
      {
        speaker: '교사',
        text: '가정에서 ○○이의 하루 생활(등교 준비, 잠자는 시간, 식사)은 어떻게 이루어지고 있나요?',
      },
      { speaker: '학부모', text: '(예상) 맞벌이라 저녁에는 혼자 있는 시간이 많아요.' },
      { speaker: '교사', text: '학교에서 도울 수 있는 돌봄·방과 후 프로그램을 안내드리겠습니다.' },
    ],
    tip: '가정 형편을 캐묻지 않고, 학교가 도울 수 있는 일에 초점을 둡니다.',
  },
  ACADEMIC_ATTITUDE: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 ○○ 과목에서 꾸준히 노력하고 있습니다. 최근 평가 결과에 대해 집에서는 어떻게 이야기하나요?',
      },
      { speaker: '학부모', text: '(예상) 성적이 떨어져서 걱정이 많아요.' },
      {
        speaker: '교사',
        text: '결과보다 공부하는 과정과 태도를 함께 보면 좋겠습니다. 수업 중 질문하기부터 시작해 보겠습니다.',
      },
    ],
    tip: '다른 학생과 비교하지 않습니다.',
  },
  PEER_COMMUNICATION: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 모둠 활동에서 ○○ 역할을 잘 해냅니다. 친구 관계에서 힘들어하는 점은 없나요?',
      },
      { speaker: '학부모', text: '(예상) 단체 대화방에서 있었던 일로 고민한 적이 있어요.' },
      {
        speaker: '교사',
        text: '온라인에서의 대화도 학교생활의 일부입니다. 함께 살피고, 필요하면 절차에 따라 돕겠습니다.',
      },
    ],
    tip: '학교폭력이 의심되면 상담 중에 결론 내지 않고 학교 절차를 안내합니다.',
  },
  EMOTIONAL_STATE: {
    lines: [
      {
        speaker: '교사',
        text: '요즘 ○○이가 ○○한 모습을 보여 마음이 쓰였습니다. 가정에서 느끼신 변화가 있으신가요?',
      },
      { speaker: '학부모', text: '(예상) 방에 있는 시간이 길어지고 말수가 줄었어요.' },
      { speaker: '교사', text: '전문상담교사와 연계해 이야기를 나눌 기회를 만들어 보겠습니다.' },
    ],
    tip: '걱정되는 신호가 있으면 전문상담교사·Wee 클래스 연계를 안내합니다.',
  },
  LIFE_HABITS_MEDIA: {
    lines: [
      {
        speaker: '교사',
        text: '수업 중 피곤해 보이는 날이 있습니다. 가정에서 스마트폰이나 게임 사용 시간은 어느 정도인가요?',
      },
      { speaker: '학부모', text: '(예상) 밤늦게까지 휴대폰을 보는 것 같아요.' },
      {
        speaker: '교사',
        text: '학생과 함께 사용 시간 약속을 정하고, 학교에서도 실천 여부를 격려하겠습니다.',
      },
    ],
    tip: '규제보다 학생이 스스로 정한 약속을 지키도록 돕는 방향으로 제안합니다.',
  },
  CAREER_INTEREST: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 ○○ 활동에 관심과 재능을 보입니다. 집에서 장래 희망이나 관심 분야를 이야기하나요?',
      },
      { speaker: '학부모', text: '(예상) 아직 하고 싶은 것이 없다고 해요.' },
      {
        speaker: '교사',
        text: '자유학기 활동과 진로 검사 결과를 바탕으로 여러 분야를 경험하도록 돕겠습니다.',
      },
    ],
    tip: '진로를 정해 주기보다 탐색할 기회를 안내합니다.',
  },
  SELF_DIRECTED_LEARNING: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 ○○ 과목에서 성취가 좋습니다. 스스로 학습 계획을 세워 공부하고 있나요?',
      },
      { speaker: '학부모', text: '(예상) 학원 일정에 맞추느라 스스로 공부할 시간이 부족해요.' },
      { speaker: '교사', text: '주간 학습 계획을 세우고 점검하는 방법을 학생과 함께 연습해 보겠습니다.' },
    ],
    tip: '과목 선택과 최소 성취수준 보장 지도 등 학교의 지원을 안내합니다.',
  },
  PEER_SCHOOL_LIFE: {
    lines: [
      {
        speaker: '교사',
        text: '○○이는 학급에서 ○○ 역할을 맡아 책임감 있게 생활합니다. 학교생활에서 힘든 점을 이야기한 적이 있나요?',
      },
      { speaker: '학부모', text: '(예상) 동아리 활동과 공부를 같이 하기 벅차다고 해요.' },
      { speaker: '교사', text: '활동의 우선순위를 정하도록 함께 이야기해 보겠습니다.' },
    ],
    tip: '학교생활기록부 기재 내용을 약속하거나 미리 알려 주지 않습니다.',
  },
  EMOTION_STRESS: {
    lines: [
      {
        speaker: '교사',
        text: '시험 기간에 ○○이가 많이 긴장하는 모습을 보였습니다. 가정에서도 스트레스를 느끼는 것 같나요?',
      },
      { speaker: '학부모', text: '(예상) 잠을 잘 못 자고 예민해졌어요.' },
      {
        speaker: '교사',
        text: '충분한 휴식과 대화가 중요합니다. 필요하면 전문상담교사와의 상담을 연결하겠습니다.',
      },
    ],
    tip: '걱정되는 신호가 있으면 전문상담교사·Wee 클래스 연계를 안내합니다.',
  },
  CAREER_PLAN: {
    lines: [
      { speaker: '교사', text: '○○이가 희망하는 진로는 ○○입니다. 가정에서는 어떤 진로를 생각하고 계신가요?' },
      { speaker: '학부모', text: '(예상) 아이가 원하는 방향과 저희 생각이 조금 달라요.' },
      {
        speaker: '교사',
        text: '학생의 흥미와 적성을 함께 확인하고, 진로 상담 선생님과 연계해 선택 과목을 계획하겠습니다.',
      },
    ],
    tip: '특정 대학이나 기관의 이름을 약속하지 않습니다.',
  },
  HOME_SUPPORT: {
    lines: [
      { speaker: '교사', text: '가정에서 ○○이의 공부와 생활을 어떻게 지원하고 계신가요?' },
      { speaker: '학부모', text: '(예상) 바빠서 이야기할 시간이 많지 않아요.' },
      {
        speaker: '교사',
        text: '짧더라도 정기적으로 대화하는 시간이 큰 힘이 됩니다. 학교의 상담·지원 프로그램도 안내드리겠습니다.',
      },
    ],
    tip: '가정의 경제적·사회적 형편은 묻거나 기록하지 않습니다.',
  },
};

function offlineScript(form: CounselParentScriptInput): Script {
  return {
    preparation: [
      '상담 일시와 방법(대면·전화·온라인)을 보호자와 미리 약속했는지 확인',
      '학생의 강점과 최근 관찰 기록(수업 태도, 교우 관계, 과제 제출 등) 정리',
      '보호자에게 안내할 학교의 지원 제도와 연락 방법 준비',
    ],
    intro: [
      { speaker: '교사', text: '안녕하세요, ○○ 보호자님. 바쁘신 중에 시간 내어 주셔서 감사합니다.' },
      {
        speaker: '교사',
        text: `오늘은 약 ${form.season}분 동안 ${form.topic.map((topic) => SCENARIO_TOPIC_LABELS[topic]).join(', ')}에 대해 이야기 나누려고 합니다.`,
      },
      { speaker: '교사', text: '먼저 ○○이가 학교에서 잘하고 있는 점부터 말씀드리겠습니다.' },
    ],
    topics: form.topic.map((topic) => ({
      topic: SCENARIO_TOPIC_LABELS[topic],
      lines: TOPIC_LINES[topic].lines,
      tips: [TOPIC_LINES[topic].tip],
    })),
    closing: [
      {
        speaker: '교사',
        text: '오늘 나눈 이야기를 정리하면, 학교에서는 ○○, 가정에서는 ○○ 함께 해 보기로 했습니다.',
      },
      {
        speaker: '교사',
        text: '궁금한 점은 학교 전화나 알림장으로 근무 시간 중에 연락 주시면 답변드리겠습니다.',
      },
      { speaker: '교사', text: '귀한 시간 내어 주셔서 감사합니다. ○주 뒤에 변화를 다시 나누면 좋겠습니다.' },
    ],
    cautions: [
      '학생의 강점으로 시작하고, 관찰한 사실을 중심으로 말하기',
      '다른 학생의 이름과 개인 사정은 언급하지 않기',
      '보호자의 말을 끊지 않고 듣고, 합의한 내용은 상담 기록으로 남기기',
    ],
  };
}

function scriptTable(lines: Line[]): BlockNode {
  const rows = lines.filter((line) => line.text.trim());
  return table(
    [
      [labelCell('화자'), labelCell('발화 예시')],
      ...(rows.length ? rows : [{ speaker: '교사' as const, text: '○○' }]).map((line) => [
        valueCell(line.speaker),
        valueCell(line.text),
      ]),
    ],
    { colwidths: [15, 85] },
  );
}

export const counselParentScriptTool: StudioTool<CounselParentScriptInput, Script> = {
  libraryType: COUNSEL_PARENT_SCRIPT,
  promptSeq: 14,
  inputSchema: counselParentScriptInputSchema,
  modelSchema: scriptSchema,
  offlineNotice: studioNotice('학부모 상담 시나리오'),
  offline: offlineScript,
  recreateKeepsSharing: true,
  prompt(form) {
    const timing = splitDuration(form.season, form.topic.length);
    return [
      `학교급: ${SCENARIO_SCHOOL_LEVEL_LABELS[form.schoolLevel]}`,
      `상담 시간: ${form.season}분 (도입 ${timing.intro}분, 본론 ${form.season - timing.intro - timing.closing}분, 마무리 ${timing.closing}분)`,
      `상담 주제(순서대로): ${form.topic
        .map((topic, i) => `${SCENARIO_TOPIC_LABELS[topic]} ${timing.topics[i]}분`)
        .join(', ')}`,
      form.requestContent.trim() ? `추가 요청: ${form.requestContent}` : '',
      'preparation은 상담 전 준비 항목, intro는 인사와 상담 목적 안내와 학생의 강점 공유 발화, topics는 주제마다(위 순서와 같게) 교사의 질문·예상 학부모 반응·교사의 제안 발화(lines)와 유의점(tips), closing은 합의 사항 정리와 마무리 인사 발화, cautions는 상담 시 유의 사항입니다. 발화마다 speaker는 "교사" 또는 "학부모"이며, 학부모 발화는 "(예상)"으로 시작하세요. 학생 이름은 "○○"으로 두세요. 각 단계의 시간 안에 말할 수 있는 분량으로 쓰세요.',
    ]
      .filter(Boolean)
      .join('\n');
  },
  toDocument(script, form, context) {
    const timing = splitDuration(form.season, form.topic.length);
    const labels = form.topic.map((topic) => SCENARIO_TOPIC_LABELS[topic]);
    const offline = offlineScript(form);
    const mainStart = timing.intro;
    const mainLength = form.season - timing.intro - timing.closing;
    const closingStart = form.season - timing.closing;

    const topicBlocks: BlockNode[] = [];
    let at = mainStart;
    form.topic.forEach((_, i) => {
      const minutes = timing.topics[i] ?? 0;
      const written = script.topics[i] ?? offline.topics[i];
      topicBlocks.push(heading(3, `2-${i + 1}. ${labels[i]} (${span(at, minutes)})`));
      topicBlocks.push(scriptTable(written?.lines.length ? written.lines : (offline.topics[i]?.lines ?? [])));
      for (const tip of written?.tips ?? []) if (tip.trim()) topicBlocks.push(paragraph(`※ ${tip}`));
      at += minutes;
    });

    const cautions = [...(script.cautions.length ? script.cautions : offline.cautions), NOTICE_2023_28];
    return doc(
      [
        heading(1, form.title, { textAlign: 'center' }),
        table(
          [
            [
              labelCell('학교급'),
              valueCell(SCENARIO_SCHOOL_LEVEL_LABELS[form.schoolLevel]),
              labelCell('상담 시간'),
              valueCell(`${form.season}분`),
            ],
            [labelCell('상담 주제'), valueCell(labels.join(', '), 3)],
            [labelCell('상담 방법'), valueCell('□ 대면    □ 전화    □ 온라인  (사전 예약)', 3)],
            [labelCell('학교'), valueCell(context.schoolName ?? '○○학교', 3)],
          ],
          { colwidths: [15, 35, 15, 35] },
        ),
        heading(2, '상담 전 준비'),
        bulletList(script.preparation.length ? script.preparation : offline.preparation),
        heading(2, '시간 배분'),
        table(
          [
            [labelCell('단계'), labelCell('시간'), labelCell('주요 내용')],
            [
              valueCell('도입'),
              valueCell(span(0, timing.intro)),
              valueCell('인사, 상담 목적 안내, 학생의 강점 공유'),
            ],
            [valueCell('본론'), valueCell(span(mainStart, mainLength)), valueCell(labels.join(', '))],
            [
              valueCell('마무리'),
              valueCell(span(closingStart, timing.closing)),
              valueCell('합의 사항 정리, 가정·학교 협력 방안, 마무리 인사'),
            ],
          ],
          { colwidths: [15, 25, 60] },
        ),
        heading(2, `1. 도입 (${span(0, timing.intro)})`),
        scriptTable(script.intro.length ? script.intro : offline.intro),
        heading(2, `2. 본론 (${span(mainStart, mainLength)})`),
        ...topicBlocks,
        heading(2, `3. 마무리 (${span(closingStart, timing.closing)})`),
        scriptTable(script.closing.length ? script.closing : offline.closing),
        heading(2, '상담 시 유의 사항'),
        bulletList(cautions),
      ],
      { title: form.title },
    );
  },
};
