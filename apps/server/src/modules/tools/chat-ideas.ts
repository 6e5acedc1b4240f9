import { withParticle } from './korean-particles.ts';

/**
 * What the offline assistant answers to the everyday requests a teacher types into chat without
 * naming a document: ideas to open a lesson, rules for pupils, a week's class routines. Written
 * once by hand, in the words a Korean classroom uses, and chosen by what the request names (the
 * subject, the grade, 모둠 or 학급), never a sentence built around the request's own words.
 */

interface Idea {
  name: string;
  minutes: number;
  how: string;
}

const SUBJECTS = ['국어', '수학', '사회', '과학', '영어', '도덕', '음악', '미술', '체육', '실과'] as const;
type Subject = (typeof SUBJECTS)[number];

/** Openings that suit any subject. */
const OPENINGS: Idea[] = [
  {
    name: '사진 한 장으로 질문 열기',
    minutes: 5,
    how: '오늘 배울 내용이 담긴 사진이나 30초 영상을 보여 주고 "무엇이 보이나요? 왜 그럴까요?"라고 물어 생각을 끌어냅니다.',
  },
  {
    name: '예상하고 확인하기',
    minutes: 3,
    how: '오늘 활동의 결과를 먼저 예상해 공책에 적게 하고, 수업을 마칠 때 예상이 맞았는지 함께 확인합니다.',
  },
  {
    name: '경험 나누기',
    minutes: 5,
    how: '주제와 비슷한 경험을 짝에게 30초씩 이야기하게 하고, 두세 명의 경험을 칠판에 모아 오늘 공부와 잇습니다.',
  },
  {
    name: '미스터리 상자',
    minutes: 5,
    how: '상자 속 물건을 손으로 만져 보거나 힌트를 듣고 맞히게 한 뒤, 그 물건에서 오늘의 주제를 꺼냅니다.',
  },
  {
    name: '지난 시간 이어 말하기',
    minutes: 3,
    how: '지난 시간에 배운 내용을 한 사람이 한 문장씩 이어 말하고, 빠진 부분을 채우며 오늘 학습으로 넘어갑니다.',
  },
];

/** Openings a subject has of its own, before the general ones. */
const SUBJECT_OPENINGS: Partial<Record<Subject, Idea[]>> = {
  과학: [
    {
      name: '놀라운 현상 보여 주기',
      minutes: 5,
      how: '물에 잉크 한 방울 떨어뜨리기, 문지른 풍선에 종잇조각 붙이기처럼 짧은 시범을 보이고 "왜 그럴까요?"를 묻습니다.',
    },
    {
      name: '결과 예상 투표',
      minutes: 4,
      how: '실험 결과를 두세 가지 보기로 제시해 손을 들어 투표하게 하고, 실험으로 누구의 예상이 맞는지 확인합니다.',
    },
    {
      name: '30초 관찰',
      minutes: 3,
      how: '실물이나 사진을 30초 동안 관찰하고 발견한 점을 최대한 많이 적게 한 뒤, 가장 많이 찾은 모둠이 발표합니다.',
    },
  ],
  수학: [
    {
      name: '생활 속 문제',
      minutes: 5,
      how: '급식 메뉴, 용돈, 등교 시간처럼 학생들의 하루에서 가져온 짧은 문제로 시작해 오늘 배울 계산이 왜 필요한지 느끼게 합니다.',
    },
    {
      name: '어림하기 대결',
      minutes: 4,
      how: '정확히 계산하기 전에 답을 어림해 적게 하고, 실제 답과 가장 가까운 모둠을 칭찬합니다.',
    },
    {
      name: '규칙 찾기',
      minutes: 4,
      how: '수나 모양이 늘어선 규칙을 보여 주고 다음에 올 것을 맞히게 한 뒤, 그 규칙을 말로 설명하게 합니다.',
    },
  ],
  국어: [
    {
      name: '한 장면 읽어 주기',
      minutes: 5,
      how: '그림책이나 글의 한 장면을 읽어 주고 다음에 일어날 일을 상상해 짝과 이야기하게 합니다.',
    },
    {
      name: '초성 퀴즈',
      minutes: 3,
      how: '오늘 배울 낱말의 초성만 보여 주고 맞히게 한 뒤, 그 낱말을 넣어 짧은 문장을 말하게 합니다.',
    },
  ],
  사회: [
    {
      name: '옛날과 오늘 사진 비교',
      minutes: 5,
      how: '같은 곳의 옛날 사진과 오늘 사진을 나란히 보여 주고 달라진 점과 그대로인 점을 찾게 합니다.',
    },
    {
      name: '지도에서 찾기',
      minutes: 4,
      how: '오늘 배울 지역이나 장소를 지도에서 짝과 함께 찾아보고, 찾은 방법을 말하게 합니다.',
    },
  ],
  영어: [
    {
      name: '노래와 챈트',
      minutes: 4,
      how: '오늘 배울 표현이 들어간 짧은 노래나 챈트를 동작과 함께 부르며 표현을 귀에 익힙니다.',
    },
    {
      name: '그림 카드 말하기',
      minutes: 4,
      how: '그림 카드를 한 장씩 보여 주고 아는 낱말을 영어로 말하게 하며 오늘 표현으로 이어 갑니다.',
    },
  ],
};

/** Cooperative-learning structures a class can use on any content. */
const GROUP_ACTIVITIES: Idea[] = [
  {
    name: '생각–짝–나누기',
    minutes: 5,
    how: '혼자 1분 동안 생각하고, 짝과 2분 동안 이야기한 뒤, 몇 짝이 반 전체에 생각을 나눕니다.',
  },
  {
    name: '직소',
    minutes: 20,
    how: '모둠원이 서로 다른 부분을 맡아 같은 부분을 맡은 친구들과 전문가 모둠에서 공부한 뒤, 원래 모둠으로 돌아와 서로 가르쳐 줍니다.',
  },
  {
    name: '갤러리 워크',
    minutes: 15,
    how: '모둠 결과물을 교실 벽에 붙이고 모둠별로 돌아다니며 붙임쪽지에 질문과 칭찬을 남깁니다.',
  },
  {
    name: '번호순 머리 맞대기',
    minutes: 10,
    how: '모둠원에게 1~4번을 정해 주고 문제를 함께 푼 뒤, 교사가 부른 번호의 학생이 모둠을 대표해 답합니다. 누가 불려도 답할 수 있도록 서로 설명해 줍니다.',
  },
  {
    name: '돌아가며 쓰기',
    minutes: 10,
    how: '종이 한 장을 돌려 가며 모둠원이 차례로 생각을 한 줄씩 보태어 모둠의 답을 완성합니다.',
  },
  {
    name: '모둠 퀴즈 만들기',
    minutes: 15,
    how: '모둠별로 배운 내용으로 문제 세 개를 만들어 다른 모둠과 바꾸어 풀고, 풀이를 서로 확인합니다.',
  },
];

const GROUP_RULES = [
  '친구가 말할 때는 끝까지 듣고, 다 들은 뒤에 내 생각을 말해요.',
  '모두 한 번씩 돌아가며 의견을 말해요. 말하지 않은 친구에게는 "네 생각은 어때?" 하고 물어봐요.',
  '맡은 역할(이끔이, 기록이, 칭찬이, 준비물 담당)을 책임지고 해요.',
  '친구의 생각이 나와 달라도 "좋은 생각이야. 그런데 나는…"처럼 부드럽게 말해요.',
  '모둠 목소리는 우리 모둠만 들릴 만큼 작게 해요.',
  '도움이 필요하면 먼저 모둠 친구에게 묻고, 그래도 모르면 손을 들어 선생님께 여쭤봐요.',
  '활동이 끝나면 함께 정리하고, 친구가 잘한 점을 한 가지씩 칭찬해요.',
];

const CLASS_RULES = [
  '친구를 부를 때는 이름을 부르고 고운 말을 써요.',
  '수업 시작 종이 울리면 자리에 앉아 책과 준비물을 꺼내요.',
  '발표할 때는 손을 들고, 친구가 발표할 때는 바라보며 들어요.',
  '복도와 교실에서는 걸어 다녀요.',
  '내 자리와 사물함은 내가 정리해요.',
  '다툼이 생기면 먼저 멈추고 선생님께 이야기해요.',
  '친구의 물건은 쓰기 전에 먼저 물어봐요.',
];

const CLASS_ROUTINES: Idea[] = [
  {
    name: '월요일 아침 한 줄 나눔',
    minutes: 10,
    how: '주말에 있었던 일을 한 문장씩 돌아가며 말하며 한 주를 엽니다. 말하기 어려운 학생은 "통과"할 수 있게 합니다.',
  },
  {
    name: '칭찬 릴레이',
    minutes: 5,
    how: '칭찬받은 학생이 다음 친구를 칭찬하는 방식으로 하루 한 번 이어 가고, 금요일에 모두 한 번 이상 칭찬받았는지 확인합니다.',
  },
  {
    name: '1인 1역 점검',
    minutes: 5,
    how: '학급 역할을 다시 확인하고, 종례 시간에 그날 역할을 잘 해낸 친구를 소개합니다.',
  },
  {
    name: '5분 정리 시간',
    minutes: 5,
    how: '점심시간 전 5분을 정리 시간으로 정해 책상 속과 사물함을 함께 정리합니다.',
  },
  {
    name: '감사 쪽지',
    minutes: 10,
    how: '고마운 친구에게 짧은 쪽지를 써서 학급 우체통에 넣고, 금요일에 한꺼번에 전해 줍니다.',
  },
  {
    name: '금요일 학급 회의',
    minutes: 15,
    how: '이번 주에 좋았던 점과 바꾸고 싶은 점을 한 가지씩 나누고, 다음 주에 지킬 약속 하나를 함께 정합니다.',
  },
];

const DEBATE_QUESTIONS = [
  ['생각 열기', '여러분이라면 어떻게 하겠어요? 그렇게 생각한 까닭은 무엇인가요?'],
  ['입장 정하기', '찬성과 반대 가운데 어느 쪽에 더 마음이 가나요? 한 문장으로 말해 볼까요?'],
  ['근거 묻기', '그렇게 생각하는 근거는 무엇인가요? 예를 하나 들어 줄 수 있나요?'],
  ['반대편 되어 보기', '상대편은 왜 그렇게 생각할까요? 상대편의 가장 좋은 근거는 무엇일까요?'],
  ['반론하기', '상대편 근거에서 받아들일 수 있는 점과 받아들이기 어려운 점은 무엇인가요?'],
  ['생각 바꾸기', '토론을 하고 나서 처음 생각이 달라졌나요? 무엇 때문에 달라졌나요?'],
  ['정리하기', '오늘 토론에서 모두가 동의할 수 있는 점은 무엇이었나요?'],
];

const PROCESS_ASSESSMENT: Idea[] = [
  {
    name: '관찰 체크리스트',
    minutes: 0,
    how: '활동 중 볼 수 있는 행동 3~4가지(예: 근거를 들어 말한다, 역할을 해낸다)를 정해 두고 돌아다니며 표시합니다.',
  },
  {
    name: '출구 카드',
    minutes: 3,
    how: '수업을 마치기 전 "오늘 알게 된 것 한 가지, 아직 궁금한 것 한 가지"를 쪽지에 쓰게 하고 다음 시간 도입에 활용합니다.',
  },
  {
    name: '단계별 피드백',
    minutes: 0,
    how: '수행 과제를 계획–초안–완성 단계로 나누고, 단계마다 짧은 피드백을 주어 고친 과정을 함께 평가합니다.',
  },
  {
    name: '자기·동료 평가',
    minutes: 5,
    how: '평가 기준을 학생 말로 바꾼 표를 주고, 자기 결과물과 친구 결과물을 기준에 따라 점검하게 합니다.',
  },
  {
    name: '포트폴리오',
    minutes: 0,
    how: '한 단원의 활동지와 결과물을 모아 두고, 단원을 마칠 때 처음과 달라진 점을 학생이 직접 써 보게 합니다.',
  },
];

/** A lesson of 40 minutes, by its parts, with what usually happens in each. */
const LESSON_FLOW_40: Idea[] = [
  { name: '도입', minutes: 5, how: '지난 시간 떠올리기, 동기 유발 자료 제시, 학습 목표 함께 읽기' },
  {
    name: '전개 ① 개념 익히기',
    minutes: 12,
    how: '교사의 시범이나 자료로 핵심 개념을 익히고 예를 함께 풀어 보기',
  },
  { name: '전개 ② 모둠 활동', minutes: 13, how: '모둠별로 과제를 해결하고 결과를 정리해 발표하기' },
  { name: '전개 ③ 개별 적용', minutes: 5, how: '배운 내용을 새로운 문제에 혼자 적용해 보기' },
  { name: '정리', minutes: 5, how: '배운 내용 한 문장으로 정리하기, 자기 평가, 다음 차시 예고' },
];

/** Games that carry any topic a pupil practises, the topic named in each. */
function gamesOn(topic: string): Idea[] {
  return [
    {
      name: `${topic} 빙고`,
      minutes: 10,
      how: `빙고 칸에 ${withParticle(topic, '와/과')} 관련된 답을 적어 두고, 교사가 내는 문제를 풀어 답이 있는 칸을 지웁니다.`,
    },
    {
      name: '짝 맞추기 카드',
      minutes: 10,
      how: '문제 카드와 답 카드를 뒤집어 놓고 모둠별로 두 장씩 뒤집어 짝을 맞힙니다. 맞힌 친구는 풀이를 말로 설명합니다.',
    },
    {
      name: '릴레이 퀴즈',
      minutes: 8,
      how: '모둠원이 차례로 나와 한 문제씩 풀고 다음 친구에게 바통을 넘깁니다. 빠르기보다 정확하게 푼 모둠에 점수를 더 줍니다.',
    },
    {
      name: '문제 만들어 바꾸기',
      minutes: 10,
      how: `짝과 ${topic} 문제를 하나씩 만들어 바꾸어 풀고, 서로의 풀이를 확인합니다.`,
    },
  ];
}

/** "3학년", "초3", "중1": the grade the request names, as a title writes it. */
function gradeOf(question: string): string | null {
  const grade = /(?<!\d)([1-6])\s*학년/u.exec(question)?.[1];
  if (grade) return `${grade}학년`;
  const short = /(초|중|고)\s*([1-6])(?!\d)/u.exec(question);
  return short ? `${short[1]}${short[2]}` : null;
}

function subjectOf(question: string): Subject | null {
  return SUBJECTS.find((subject) => question.includes(subject)) ?? null;
}

const numbered = (ideas: Idea[]) =>
  ideas.map(
    (idea, i) => `${i + 1}. **${idea.name}**${idea.minutes ? ` (${idea.minutes}분)` : ''}: ${idea.how}`,
  );

function openings(question: string): string {
  const subject = subjectOf(question);
  const grade = gradeOf(question);
  const ideas = [...(subject ? (SUBJECT_OPENINGS[subject] ?? []) : []), ...OPENINGS].slice(0, 6);
  const who = [grade, subject].filter(Boolean).join(' ');
  return [`### ${who ? `${who} ` : ''}수업 도입 활동 아이디어`, '', ...numbered(ideas)].join('\n');
}

function rules(question: string): string {
  const group = /모둠|조별|협동/u.test(question);
  const title = group ? '모둠 활동 규칙' : '우리 반 약속';
  return [
    `### ${title} (학생용)`,
    '',
    ...(group ? GROUP_RULES : CLASS_RULES).map((rule, i) => `${i + 1}. ${rule}`),
  ].join('\n');
}

function routines(): string {
  return ['### 한 주 학급 운영 아이디어', '', ...numbered(CLASS_ROUTINES)].join('\n');
}

function debateQuestions(): string {
  return [
    '### 토론 수업 발문',
    '',
    ...DEBATE_QUESTIONS.map(([step, question], i) => `${i + 1}. **${step}**: ${question}`),
  ].join('\n');
}

/**
 * Ideas for a request that asks for them ("도입 활동 추천해 줘", "모둠 활동 규칙 만들어 줘",
 * "학급 운영 아이디어", "토론 수업 발문", "과정 중심 평가 아이디어", "40분 수업 흐름", "분수의
 * 덧셈을 놀이로 배우는 활동"), or null when the request is not one of these. `topic` is what the
 * request is about when it names something pupils learn.
 */
export function ideasForChat(question: string, topic: string | null = null): string | null {
  if (/발문/u.test(question) && /토론|논쟁|찬반/u.test(question)) return debateQuestions();
  if (/과정\s*중심\s*평가|형성\s*평가\s*아이디어|평가\s*아이디어/u.test(question))
    return ['### 과정 중심 평가 아이디어', '', ...numbered(PROCESS_ASSESSMENT)].join('\n');
  const length = /(\d{2})\s*분\s*(?:짜리\s*)?수업\s*(?:흐름|구성|계획)/u.exec(question)?.[1];
  if (
    length === '40' ||
    (length === undefined && /수업\s*흐름을?\s*(?:짜|만들|구성)/u.test(question) && !topic)
  )
    return ['### 40분 수업 흐름', '', ...numbered(LESSON_FLOW_40)].join('\n');
  if (topic && /놀이|게임/u.test(question))
    return [`### ${withParticle(topic, '을/를')} 익히는 놀이 활동`, '', ...numbered(gamesOn(topic))].join(
      '\n',
    );
  if (/도입\s*(?:활동|아이디어|자료)?/u.test(question) && /수업|활동|도입/u.test(question))
    return openings(question);
  if (/규칙|약속/u.test(question) && /모둠|조별|협동|학급|교실|우리\s*반/u.test(question))
    return rules(question);
  if (
    /모둠\s*활동|협동\s*학습|조별\s*활동/u.test(question) &&
    /아이디어|추천|방법|알려|활동을/u.test(question)
  )
    return ['### 모둠 활동 아이디어', '', ...numbered(GROUP_ACTIVITIES)].join('\n');
  if (/학급\s*(?:운영|경영)|반\s*운영/u.test(question) && /아이디어|활동|방법|추천|알려/u.test(question))
    return routines();
  return null;
}
