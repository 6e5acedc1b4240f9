import { type Agent, agentSchema, DOCUMENT_ASSISTANT_AGENT_ID, type Language } from '@ssaem/contracts';
import { z } from 'zod';

interface AgentDefinition {
  id: string;
  type: 'chat';
  icon: string;
  name: Record<Language, string>;
  description: Record<Language, string>;
  systemPrompt: string;
  conversationStarters: Record<Language, string[]>;
  commands: string[];
  /** Reached only from its own screen (the HWP editor's assistant), not listed in chat. */
  hidden?: true;
}

const BASE_PROMPT = `당신은 한국의 초·중·고 교사를 돕는 AI 도우미 '쌤'입니다.
- 교사가 쓴 언어로 답합니다(기본은 한국어). 존댓말을 쓰고, 간결하고 실용적으로 답합니다.
- 한국의 학제(3월 1일 시작, 1·2학기), 2015·2022 개정 교육과정, 학교 업무 관행을 전제로 합니다.
- 성취기준 코드나 문구를 지어내지 않습니다. 확실하지 않으면 확인이 필요하다고 말합니다.
- 학생 개인정보는 최소한으로 다루고, 학생을 평가하는 문장은 관찰 가능한 사실에 근거해 씁니다.
- 표가 도움이 되면 마크다운 표를 쓰고, 수식은 LaTeX($...$)로 씁니다.`;

const DEFINITIONS: AgentDefinition[] = [
  {
    id: 'general',
    type: 'chat',
    icon: 'sparkles',
    name: { ko: '쌤 AI 도우미', en: 'Ssaem assistant' },
    description: {
      ko: '수업 준비, 업무 문서, 학급 운영까지 무엇이든 물어보세요.',
      en: 'Ask about lesson preparation, school paperwork and running your class.',
    },
    systemPrompt: BASE_PROMPT,
    conversationStarters: {
      ko: [
        '내일 3학년 과학 수업 도입 활동을 추천해 줘',
        '학부모 상담 전에 준비할 것을 정리해 줘',
        '모둠 활동 규칙을 학생 눈높이로 만들어 줘',
        '이번 주 학급 운영 아이디어를 알려 줘',
      ],
      en: [
        'Suggest an opening activity for tomorrow’s grade 3 science lesson',
        'What should I prepare before a parent meeting?',
        'Write group-work rules in words pupils understand',
        'Give me class-management ideas for this week',
      ],
    },
    commands: ['/요약', '/표로 정리', '/쉬운 말로'],
  },
  {
    id: 'lesson-ideas',
    type: 'chat',
    icon: 'bulb',
    name: { ko: '수업 아이디어', en: 'Lesson ideas' },
    description: {
      ko: '성취기준에 맞는 활동, 발문, 평가 아이디어를 함께 찾습니다.',
      en: 'Activities, questions and assessment ideas that fit the achievement standards.',
    },
    systemPrompt: `${BASE_PROMPT}
- 수업 아이디어는 도입·전개·정리 흐름으로 제시하고, 활동마다 예상 시간과 준비물을 적습니다.
- 학생 참여를 높이는 발문을 2~3개 함께 제안합니다.`,
    conversationStarters: {
      ko: [
        '분수의 덧셈을 놀이로 배우는 활동',
        '토론 수업 발문을 만들어 줘',
        '과정 중심 평가 아이디어',
        '40분 수업 흐름을 짜 줘',
      ],
      en: [
        'A game for learning to add fractions',
        'Write questions for a debate lesson',
        'Ideas for process-based assessment',
        'Plan a 40-minute lesson',
      ],
    },
    commands: ['/도입 활동', '/발문 만들기', '/평가 아이디어'],
  },
  {
    id: 'parent-communication',
    type: 'chat',
    icon: 'mail',
    name: { ko: '학부모 소통', en: 'Parent communication' },
    description: {
      ko: '알림장, 문자, 상담 안내를 정중하고 따뜻한 말로 다듬습니다.',
      en: 'Polite, warm wording for notices, messages and meeting invitations.',
    },
    systemPrompt: `${BASE_PROMPT}
- 학부모에게 보내는 글은 정중하고 따뜻하게, 요점을 먼저 씁니다.
- 교원의 교육활동 보호(교육부 고시 제2023-28호)를 존중해 상담은 사전 예약과 근무 시간 안에서 안내합니다.`,
    conversationStarters: {
      ko: [
        '현장체험학습 안내 문자를 써 줘',
        '상담 예약 안내문을 다듬어 줘',
        '준비물 알림장을 짧게 써 줘',
        '결석 학생 가정에 보낼 안부 문자',
      ],
      en: [
        'Write a text about the field trip',
        'Polish a meeting-booking notice',
        'A short note about supplies',
        'A kind message to the family of an absent pupil',
      ],
    },
    commands: ['/정중하게', '/짧게', '/영어로 번역'],
  },
  {
    id: 'edutech-finder',
    type: 'chat',
    icon: 'device-laptop',
    name: { ko: '에듀테크 찾기', en: 'Edutech finder' },
    description: {
      ko: '수업 목적에 맞는 에듀테크 도구를 찾고 활용법을 안내합니다.',
      en: 'Find edutech tools for a teaching purpose and how to use them.',
    },
    systemPrompt: `${BASE_PROMPT}
- 에듀테크를 추천할 때는 목적, 대상 학년, 학생 개인정보 처리 여부를 함께 설명합니다.
- 2026년 3월부터 학생 개인정보를 처리하는 도구는 학교의 개인정보 검토와 운영위원회 심의가 필요함을 알려 줍니다.`,
    conversationStarters: {
      ko: [
        '수학 개념 복습에 좋은 도구',
        '협업 글쓰기 도구 추천',
        '코딩 입문 수업 도구',
        '실시간 퀴즈 도구 비교',
      ],
      en: [
        'Tools for reviewing maths concepts',
        'Tools for collaborative writing',
        'Tools for a first coding lesson',
        'Compare live quiz tools',
      ],
    },
    commands: ['/비교표', '/개인정보 확인'],
  },
  {
    id: 'record-writing',
    type: 'chat',
    icon: 'notes',
    name: { ko: '생활기록부 문장 도우미', en: 'Student record helper' },
    description: {
      ko: '관찰 기록을 바탕으로 기재요령에 맞는 문장을 함께 다듬습니다.',
      en: 'Turn observation notes into record sentences that follow the guidelines.',
    },
    systemPrompt: `${BASE_PROMPT}
- 학교생활기록부 문장은 "…함", "…임"으로 끝내고, 관찰된 사실과 성장을 구체적으로 씁니다.
- 외부 수상, 공인어학성적, 사교육, 부모의 사회·경제적 지위 등 기재 금지 사항은 넣지 않고, 있으면 알려 줍니다.
- 글자 수 제한(예: 세특 500자)을 지키고 NEIS 바이트 기준(한글 3바이트)을 함께 알려 줍니다.
- 최종 문장의 책임은 교사에게 있음을 존중해 초안으로 제시합니다.`,
    conversationStarters: {
      ko: [
        '관찰 메모를 세특 문장으로 바꿔 줘',
        '행동특성 및 종합의견 초안',
        '기재 금지 표현이 있는지 봐 줘',
        '문장을 500자 이내로 줄여 줘',
      ],
      en: [
        'Turn my notes into a subject comment',
        'Draft a behaviour and overall comment',
        'Check for wording that is not allowed',
        'Shorten this to 500 characters',
      ],
    },
    commands: ['/기재요령 점검', '/500자로 줄이기', '/바이트 계산'],
  },
  {
    id: DOCUMENT_ASSISTANT_AGENT_ID,
    type: 'chat',
    icon: 'file-text',
    name: { ko: '문서 도우미', en: 'Document assistant' },
    description: {
      ko: '편집 중인 문서에 대해 묻고, 고른 부분을 다듬고 요약하고 번역하고 맞춤법을 봅니다.',
      en: 'Ask about the open document; rewrite, summarise, translate or spell-check a passage.',
    },
    systemPrompt: BASE_PROMPT,
    conversationStarters: { ko: [], en: [] },
    commands: [],
    hidden: true,
  },
];

// The catalogue obeys the same limits as admin-edited agents will: checked when the module loads.
z.array(
  z.object({
    commands: agentSchema.shape.commands,
    conversationStarters: agentSchema.shape.conversationStarters,
  }),
).parse(
  DEFINITIONS.flatMap((d) => [
    { commands: d.commands, conversationStarters: d.conversationStarters.ko },
    { commands: d.commands, conversationStarters: d.conversationStarters.en },
  ]),
);

export const DEFAULT_AGENT_ID = 'general';

export function findAgent(id: string | null | undefined): AgentDefinition {
  return DEFINITIONS.find((agent) => agent.id === id) ?? (DEFINITIONS[0] as AgentDefinition);
}

export function listAgents(language: Language, type?: 'chat' | 'tool'): Agent[] {
  return DEFINITIONS.filter((agent) => !agent.hidden && (!type || agent.type === type)).map((agent) => ({
    id: agent.id,
    type: agent.type,
    name: agent.name[language],
    description: agent.description[language],
    icon: agent.icon,
    conversationStarters: agent.conversationStarters[language],
    commands: agent.commands,
  }));
}
