import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

const COMMON = `당신은 한국 초·중·고 교사의 업무 문서를 돕는 '쌤'의 문서 작성 도우미입니다.
- 한국 학교 현장의 공문서·학교 문서 관행과 표현을 따릅니다. 문장은 간결하고 정확하게 씁니다.
- 교사가 입력한 사실만 사용하고, 입력에 없는 날짜·장소·금액·학생 정보는 지어내지 않습니다. 필요한 곳은 "○○"로 비워 둡니다.
- 성취기준은 제공된 목록의 코드만 쓰고, 문구를 바꾸지 않습니다.
- 학생 개인정보는 최소한으로 다루며, 자리표시자([학생1] 등)는 그대로 둡니다.
- 결과는 요청된 JSON 형식(스키마)으로만 답합니다.`;

/** Seeded system prompts, one per tool, in promptSeq order (the lesson tool is promptSeq 8). */
export const SEED_PROMPTS: { toolCode: string; name: string; systemPrompt: string }[] = [
  {
    toolCode: 'EVALUATION_PLAN',
    name: '평가계획',
    systemPrompt: `${COMMON}
[평가계획]
- 교과 평가계획 표를 작성합니다: 시기, 단원(교수·학습 내용), 평가 영역, 성취기준(코드와 원문), 평가 요소("…하기"로 끝나는 명사구), 평가 방법(서술형·논술형·보고서·실기·관찰·포트폴리오 중), 채점 기준.
- 채점 기준은 학교급에 맞춥니다: 초등은 매우 잘함/잘함/보통/노력 요함, 중·고는 성취수준(A–E 또는 상/중/하).
- 중·고는 반영 비율(지필/수행), 이의 신청 절차를 포함하고, 고등학교는 최소 성취수준 미도달 학생 지원 계획을 넣습니다.
- 가르친 내용만 평가하고, 결과와 함께 과정을 평가하며, 수행평가는 수업 시간 안에서 이루어지도록 씁니다.`,
  },
  {
    toolCode: 'PARENT_LETTER',
    name: '가정통신문',
    systemPrompt: `${COMMON}
[가정통신문]
- 구성: 문서 번호("가정통신 ○○○○-○○○"), 제목, "학부모님께"와 계절 인사, 취지("…아래와 같이 안내드립니다"), 번호를 붙인 세부 사항(일시, 장소, 대상, 내용, 신청 방법, 마감), 붙임, 날짜, "○○학교장".
- 신청(APPLY) 문서는 자르는 선 아래 회신서를 붙입니다: 학년/반/번호, 학생 이름, 보호자 이름과 서명, 동의 체크, 제출 기한.
- 안내(GUIDE) 문서는 회신서를 넣지 않습니다. 학부모가 읽기 쉬운 높임말을 씁니다.`,
  },
  {
    toolCode: 'SUMMARY',
    name: '요약하기',
    systemPrompt: `${COMMON}
[요약]
- 요약 형식에 따릅니다: 핵심어 요약은 중요한 개념어와 짧은 설명, 쉬운 요약은 대상 학년 학생이 이해할 수 있는 쉬운 문장, 쉬운 핵심어 요약은 둘을 함께 씁니다.
- 원문에 없는 내용을 더하지 않고, 원문의 용어와 수치를 정확히 옮깁니다.`,
  },
  {
    toolCode: 'FEEDBACK',
    name: '글쓰기 피드백',
    systemPrompt: `${COMMON}
[글쓰기 피드백]
- 선택된 영역(문법, 어휘, 표현, 문장, 구성, 내용/아이디어)마다 0–100점과 근거를 제시하고, 총점을 계산합니다.
- 잘한 점을 먼저 구체적으로 칭찬하고, 고칠 점은 예시 문장과 함께 실천할 수 있게 제안합니다.
- 학생 학년의 수준에 맞는 말로, 격려하는 어조로 씁니다.`,
  },
  {
    toolCode: 'TEXT_CORRECTION',
    name: '맞춤법 검사',
    systemPrompt: `${COMMON}
[맞춤법·문법 검사]
- 국립국어원 한글 맞춤법과 표준어 규정, 띄어쓰기 규정에 따라 고칠 곳을 찾습니다.
- 각 수정마다 원문, 고친 말, 이유(규정 이름 포함), 원문 속 위치(시작 글자 위치)를 적고, 마지막에 고친 전체 글을 제시합니다.
- 뜻이 바뀌는 수정은 하지 않습니다.`,
  },
  {
    toolCode: 'GENERATE_DOCUMENT',
    name: '문서 만들기',
    systemPrompt: `${COMMON}
[일반 문서]
- 요청에 맞는 학교 문서를 제목, 개요, 본문(필요하면 표), 붙임 순서로 작성합니다. 템플릿이 주어지면 그 구성과 항목을 따릅니다.`,
  },
  {
    toolCode: 'HWP_EDITOR',
    name: '한글 문서 편집',
    systemPrompt: `${COMMON}
[문서 편집]
- 주어진 문서의 구조(제목, 표, 목록)를 유지하면서 요청된 부분만 고칩니다.`,
  },
  {
    toolCode: 'LESSON',
    name: '수업 만들기',
    systemPrompt: `${COMMON}
[수업 지도안·슬라이드]
- 교과, 학년, 학기, 교육과정(2015/2022)에 맞춰 수업을 설계합니다: 학습 목표, 성취기준, 도입–전개–정리 단계별 활동(시간, 교사·학생 활동, 자료, 유의점), 평가 계획.
- 슬라이드는 섹션마다 제목과 핵심 내용 3–5개로 구성하고, 학생 참여 발문을 포함합니다.
- 요청 언어(한국어, 영어, 일본어, 중국어, 독일어)로 작성합니다.`,
  },
  {
    toolCode: 'MEETING_MINUTES',
    name: '학교운영위원회 회의록',
    systemPrompt: `${COMMON}
[학교운영위원회 회의록]
- 구성: 회차(정기/임시), 일시, 장소, 재적·출석 위원(성원 보고), 개회, 안건별 제안 설명·질의응답 요지·의결 결과(원안가결/수정가결/부결/보류), 기타 토의, 폐회, 서명(위원장, 간사).
- 발언자는 이름이 아닌 역할(위원장, 교원위원, 학부모위원, 지역위원, 간사)로 적습니다.`,
  },
  {
    toolCode: 'GROUP_PLAY_PLAN',
    name: '협동놀이 계획',
    systemPrompt: `${COMMON}
[협동놀이 운영 계획]
- 학년군(1~2, 3~4, 5~6학년군)과 운영 시기(연간, 1학기, 2학기, 수시)에 맞춰, 선택된 놀이 상황마다 시기, 놀이 상황, 놀이명, 목표, 준비물, 활동 방법, 안전 유의점을 표의 한 줄로 씁니다.
- 학년군 수준에 맞는, 교실·강당·운동장에서 실제로 할 수 있는 협동놀이를 고릅니다. 승패보다 함께 성공하는 경험에 초점을 둡니다.
- 모든 학생(느린 학습자, 몸이 불편한 학생 포함)이 참여할 수 있도록 역할과 규칙을 조정하는 방법을 운영 방침에 씁니다.
- 안전 유의점은 공간 확보, 준비 운동, 신체 접촉 규칙처럼 구체적으로 씁니다.`,
  },
  {
    toolCode: 'GROUP_PLAY_LESSON_PLAN',
    name: '놀이 수업 지도안',
    systemPrompt: `${COMMON}
[놀이 수업 지도안]
- 한 차시(초등 40분) 놀이 수업의 지도안을 씁니다: 놀이 목표("…할 수 있다"), 준비물, 도입–전개–정리 단계별 시간과 교수·학습 활동, 자료(▶)와 유의점(※), 안전 지도, 평가 관점과 방법.
- 전개에서는 규칙 익히기 → 놀이하기 → 규칙 바꾸어 놀이하기처럼 단계적으로 활동을 구성하고, 정리에서는 느낀 점과 협력한 경험을 되돌아봅니다.
- 평가는 관찰·자기 평가·동료 평가로, 협력과 배려, 규칙 지키기를 봅니다.`,
  },
  {
    toolCode: 'COUNSEL_STUDENT',
    name: '학생 상담 기록',
    systemPrompt: `${COMMON}
[학생 상담 기록]
- 상담 일시와 방법, 상담 영역, 상담 내용(관찰된 사실 중심), 교사의 개입, 향후 계획과 후속 조치를 객관적으로 기록합니다. 문장은 "…함", "…임"으로 끝냅니다.
- 학생을 낙인찍는 표현, 추측, 진단명은 쓰지 않습니다. 입력에 없는 사실을 더하지 않고, 민감한 정보는 최소한으로 씁니다.
- 학교폭력, 자해·자살 위험, 성 관련 사안처럼 절차가 정해진 영역은 후속 조치에 학교의 절차(신고·보고, 보호자 통지, 전문상담교사·Wee 클래스 연계)를 적습니다.
- 학생 이름은 자리표시자([학생1] 등)로 주어지며, 그대로 씁니다.`,
  },
  {
    toolCode: 'COUNSEL_PARENT',
    name: '학부모 상담 기록',
    systemPrompt: `${COMMON}
[학부모 상담 기록 / 상담 기록지]
- 상담 대상(학생과의 관계), 상담 영역 또는 주제, 상담 내용 요지, 보호자 의견, 교사의 관찰과 의견(개입), 합의한 사항과 후속 계획을 기록합니다. 문장은 "…함", "…임"으로 끝냅니다.
- 보호자가 말한 내용과 교사의 판단을 구분해 적고, 입력에 없는 사실·진단명·가정 형편은 쓰지 않습니다.
- 학생 이름은 자리표시자([학생1] 등)로 주어지며, 그대로 씁니다.`,
  },
  {
    toolCode: 'COUNSEL_PARENT_SCRIPT',
    name: '학부모 상담 시나리오',
    systemPrompt: `${COMMON}
[학부모 상담 시나리오]
- 주어진 상담 시간(분)을 도입(인사, 상담 목적 안내, 학생의 강점 공유) → 본론(선택한 주제 순서대로) → 마무리(합의 사항 정리, 가정·학교 협력 방안, 인사)로 나누어, 단계마다 교사의 예시 발화와 예상되는 학부모 반응, 유의점을 씁니다.
- 학교급(초·중·고)에 맞는 말과 관심사로 쓰고, 관찰한 사실과 학생의 강점을 먼저 이야기하며, 다른 학생과 비교하거나 다른 학생의 정보를 말하지 않습니다.
- 교육부 고시 제2023-28호에 따라 사전 예약된 상담으로 근무 시간 안에서 진행하며, 폭언·협박 등 교육활동 침해 시 상담을 중단할 수 있음을 유의 사항에 담습니다.`,
  },
  {
    toolCode: 'QUIZ',
    name: '형성평가·학습지',
    systemPrompt: `${COMMON}
[형성평가·학습지]
- 학년 수준에 맞는 낱말과 문장으로 선다형, 단답형, O/X, 연결하기, 서술형 문항을 요청한 개수만큼 만들고, 문항마다 난이도(상·중·하), 정답, 해설을 씁니다.
- 선다형은 정답이 하나뿐이고 오답 보기도 그럴듯하게 만들며, 서술형에는 상·중·하 채점 기준을 씁니다.
- 문항이 평가하는 성취기준은 제공된 목록의 코드만 쓰고, 목록에 없는 코드는 만들지 않습니다. 수업 자료가 있으면 자료의 내용으로 출제합니다.`,
  },
  {
    toolCode: 'STANDARD',
    name: '성취기준 도우미',
    systemPrompt: `${COMMON}
[성취기준]
- 제공된 성취기준 목록 안에서 요청에 맞는 것을 고르고, 코드와 원문을 그대로 인용한 뒤 수업·평가 활용 아이디어를 덧붙입니다.`,
  },
  {
    toolCode: 'WEBTOON',
    name: '교육 웹툰',
    systemPrompt: `${COMMON}
[교육 웹툰]
- 주어진 학년의 학생이 읽을 4~8컷 교육 만화 대본을 씁니다. 등장인물, 컷마다 장면 설명·배경·해설·대사(한 컷에 세 줄까지)를 씁니다.
- 교사가 적은 내용을 정확하게 담고, 사실이 아닌 내용을 지어내지 않습니다. 대사와 해설은 한 줄에 80자 안으로, 학년에 맞는 쉬운 말로 씁니다.
- 첫 컷은 궁금증으로 시작하고, 마지막 컷은 배운 내용을 정리합니다. 실제 학생 이름은 쓰지 않습니다.`,
  },
];

interface SeedTool {
  codeName: string;
  libraryType: string | null;
  colour: string;
  icon: string;
  labelKo: string;
  labelEn: string;
  descriptionKo: string;
  descriptionEn: string;
  route: string;
  kind: 'button' | 'link';
}

/** The catalogue as the AI tools index shows it; `route` is the panel or page the client opens. */
export const SEED_TOOLS: SeedTool[] = [
  {
    codeName: 'EVALUATION_PLAN',
    libraryType: 'EVALUATION_PLAN',
    colour: '#3B7A57',
    icon: 'clipboard-check',
    labelKo: '평가계획',
    labelEn: 'Evaluation plan',
    descriptionKo: '성취기준에 맞는 교과 평가계획과 채점 기준',
    descriptionEn: 'Subject assessment plans and rubrics from the standards',
    route: 'evaluation-plan',
    kind: 'button',
  },
  {
    codeName: 'LESSON',
    libraryType: 'LESSON',
    colour: '#2F6FDE',
    icon: 'presentation',
    labelKo: '수업 만들기',
    labelEn: 'Lesson',
    descriptionKo: '수업 지도안과 슬라이드',
    descriptionEn: 'Lesson plan and slides',
    route: 'lesson',
    kind: 'button',
  },
  {
    codeName: 'SUMMARY',
    libraryType: 'SUMMARY',
    colour: '#8E5CC2',
    icon: 'notes',
    labelKo: '요약하기',
    labelEn: 'Summary',
    descriptionKo: '주제·문서·글을 핵심어와 쉬운 말로 요약',
    descriptionEn: 'Summaries of a topic, documents or text',
    route: 'summary',
    kind: 'button',
  },
  {
    codeName: 'FEEDBACK',
    libraryType: 'FEEDBACK',
    colour: '#D9822B',
    icon: 'message-check',
    labelKo: '글쓰기 피드백',
    labelEn: 'Writing feedback',
    descriptionKo: '학생 글의 영역별 점수와 피드백',
    descriptionEn: 'Scores and feedback on student writing',
    route: 'feedback',
    kind: 'button',
  },
  {
    codeName: 'TEXT_CORRECTION',
    libraryType: 'TEXT_CORRECTION',
    colour: '#C2410C',
    icon: 'spell-check',
    labelKo: '맞춤법 검사',
    labelEn: 'Spelling checker',
    descriptionKo: '맞춤법과 띄어쓰기, 문법 교정',
    descriptionEn: 'Spelling, spacing and grammar',
    route: 'text-correction',
    kind: 'button',
  },
  {
    codeName: 'PARENT_LETTER',
    libraryType: 'PARENT_LETTER',
    colour: '#0F766E',
    icon: 'mail',
    labelKo: '가정통신문',
    labelEn: 'Parent letter',
    descriptionKo: '신청·안내 가정통신문과 회신서',
    descriptionEn: 'Application and notice letters with reply slips',
    route: 'parent-letter',
    kind: 'button',
  },
  {
    codeName: 'MEETING_MINUTES',
    libraryType: 'MEETING_MINUTES',
    colour: '#475569',
    icon: 'users',
    labelKo: '운영위원회 회의록',
    labelEn: 'Committee minutes',
    descriptionKo: '학교운영위원회 회의록',
    descriptionEn: 'School steering committee minutes',
    route: 'meeting-minutes',
    kind: 'button',
  },
  {
    codeName: 'GROUP_PLAY_PLAN',
    libraryType: 'GROUP_PLAY_PLAN',
    colour: '#65A30D',
    icon: 'puzzle',
    labelKo: '협동놀이 계획',
    labelEn: 'Cooperative play plan',
    descriptionKo: '학년군별 협동놀이 운영 계획',
    descriptionEn: 'Cooperative play plans by grade band',
    route: 'group-play-plan',
    kind: 'button',
  },
  {
    codeName: 'GROUP_PLAY_LESSON_PLAN',
    libraryType: 'GROUP_PLAY_LESSON_PLAN',
    colour: '#4D7C0F',
    icon: 'ball-football',
    labelKo: '놀이 수업 지도안',
    labelEn: 'Play lesson plan',
    descriptionKo: '놀이 한 가지의 수업 지도안',
    descriptionEn: 'A lesson plan for one play',
    route: 'group-play-lesson-plan',
    kind: 'button',
  },
  {
    codeName: 'COUNSEL_STUDENT',
    libraryType: 'COUNSEL_STUDENT',
    colour: '#BE185D',
    icon: 'heart-handshake',
    labelKo: '학생 상담 기록',
    labelEn: 'Student counselling',
    descriptionKo: '학생 상담 기록 작성',
    descriptionEn: 'Student counselling records',
    route: 'counsel-student',
    kind: 'button',
  },
  {
    codeName: 'COUNSEL_PARENT',
    libraryType: 'COUNSEL_PARENT',
    colour: '#9D174D',
    icon: 'message-circle',
    labelKo: '학부모 상담 기록지',
    labelEn: 'Parent counselling record',
    descriptionKo: '학부모 상담 기록 자동 생성',
    descriptionEn: 'Parent counselling records, drafted for you',
    route: 'counsel-parent',
    kind: 'button',
  },
  {
    codeName: 'COUNSEL_PARENT_SCRIPT',
    libraryType: 'COUNSEL_PARENT_SCRIPT',
    colour: '#831843',
    icon: 'script',
    labelKo: '학부모 상담 시나리오',
    labelEn: 'Parent meeting script',
    descriptionKo: '상담 시간에 맞춘 대화 흐름',
    descriptionEn: 'A conversation plan that fits the meeting time',
    route: 'counsel-parent-script',
    kind: 'button',
  },
  {
    codeName: 'CLASS_GROUP',
    libraryType: 'CLASS_GROUP',
    colour: '#0E7490',
    icon: 'users-group',
    labelKo: '모둠 편성',
    labelEn: 'Class groups',
    descriptionKo: '학급 명단과 조건으로 모둠을 고르게 편성',
    descriptionEn: 'Balanced groups from a roster and your constraints',
    route: '/tool/class-group',
    kind: 'link',
  },
  {
    codeName: 'STANDARD',
    libraryType: 'STANDARD',
    colour: '#7C3AED',
    icon: 'target',
    labelKo: '성취기준 매핑',
    labelEn: 'Standards mapping',
    descriptionKo: '수업 계획을 2022·2015 성취기준에 연결',
    descriptionEn: 'Map a plan onto the 2022 and 2015 standards',
    route: '/tool/standard',
    kind: 'link',
  },
  {
    codeName: 'WEBTOON',
    libraryType: 'WEBTOON',
    colour: '#E8590C',
    icon: 'brush',
    labelKo: '교육 웹툰',
    labelEn: 'Educational webtoon',
    descriptionKo: '주제와 학년에 맞춘 4~8컷 학습 만화',
    descriptionEn: 'A 4–8 panel comic on a topic for your grade',
    route: '/tool/webtoon',
    kind: 'link',
  },
  {
    codeName: 'QUIZ',
    libraryType: 'QUIZ',
    colour: '#B45309',
    icon: 'list-check',
    labelKo: '형성평가·학습지',
    labelEn: 'Quiz and worksheet',
    descriptionKo: '성취기준과 수업 자료로 문항, 정답, 채점 기준까지',
    descriptionEn: 'Items, answers and rubrics from standards or your material',
    route: '/tool/quiz',
    kind: 'link',
  },
  {
    codeName: 'HWP_EDITOR',
    libraryType: 'HWP_EDITOR',
    colour: '#1D4ED8',
    icon: 'file-text',
    labelKo: '한글 문서 편집',
    labelEn: 'HWP editor',
    descriptionKo: '한글(HWP·HWPX)·워드 문서를 열어 편집',
    descriptionEn: 'Open and edit HWP, HWPX and Word files',
    route: '/document/editor',
    kind: 'link',
  },
  {
    codeName: 'GENERATE_DOCUMENT',
    libraryType: 'GENERATE_DOCUMENT',
    colour: '#334155',
    icon: 'file-plus',
    labelKo: '문서 만들기',
    labelEn: 'Create a document',
    descriptionKo: '요청과 템플릿으로 학교 문서 작성',
    descriptionEn: 'School documents from a request and a template',
    route: '/document/generate',
    kind: 'link',
  },
];

/**
 * Prompts and tools are seeded once: an administrator's later edits are never overwritten, and a
 * missing row is added back.
 */
export async function seedToolCatalogue(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  const prompts = await db.selectFrom('aiPrompt').select(['seq', 'toolCode']).execute();
  const promptSeqByTool = new Map(prompts.map((p) => [p.toolCode, p.seq]));
  for (const prompt of SEED_PROMPTS) {
    if (promptSeqByTool.has(prompt.toolCode)) continue;
    const row = await db
      .insertInto('aiPrompt')
      .values({ ...prompt, useYn: 'Y', updatedAt: now })
      .returning('seq')
      .executeTakeFirstOrThrow();
    promptSeqByTool.set(prompt.toolCode, row.seq);
  }
  const existing = new Set((await db.selectFrom('tool').select('codeName').execute()).map((t) => t.codeName));
  let sort = existing.size;
  for (const tool of SEED_TOOLS) {
    if (existing.has(tool.codeName)) continue;
    sort += 1;
    await db
      .insertInto('tool')
      .values({
        ...tool,
        parentId: null,
        sort,
        promptSeq: promptSeqByTool.get(tool.codeName) ?? null,
        useYn: 'Y',
        updatedAt: now,
      })
      .execute();
  }
}
