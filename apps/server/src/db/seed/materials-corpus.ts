import { FEEDBACK_AREAS, LESSON_SECTION_KEYS, type LessonSection } from '@ssaem/contracts';
import { withParticle } from '@ssaem/contracts/korean-particles';
import { bulletList, type DocumentNode, doc, heading, orderedList, paragraph, table } from '@ssaem/documents';
import { GRADES, type GradeDefinition, subjectsForGrade } from '../../modules/reference/code-table.ts';
import { draftFeedbackOffline } from '../../modules/tools/feedback/offline-feedback.ts';
import { draftSectionItems, numberSection, SECTION_KEYS } from '../../modules/tools/lesson/lesson-draft.ts';

/**
 * Realistic Korean teaching materials, generated deterministically from a seed: the demo library
 * and the library benchmark use the same corpus, so what is measured looks like what teachers see.
 */

export interface CorpusMaterial {
  title: string;
  libraryType: string;
  materialType: 'document' | 'summary' | 'lesson' | 'feedback';
  gradeSeq: number;
  subjectSeq: number;
  content: string;
}

/** A small, fast, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const TOPICS: Record<string, string[]> = {
  국어: [
    '시의 표현',
    '이야기 요약',
    '주장과 근거',
    '높임 표현',
    '인물의 마음',
    '독서 감상문',
    '토론하기',
    '문단의 짜임',
  ],
  수학: [
    '분수',
    '소수의 덧셈',
    '곱셈구구',
    '도형의 넓이',
    '비와 비율',
    '일차방정식',
    '함수의 그래프',
    '확률',
    '자료의 정리',
  ],
  사회: ['우리 고장의 역사', '지도 읽기', '민주주의', '경제 활동', '인권', '지역 문제 해결'],
  과학: ['물질의 상태', '식물의 한살이', '자석의 성질', '날씨와 기후', '빛의 굴절', '생태계', '화산과 지진'],
  영어: ['자기소개', '길 묻기', '날씨 표현', '과거형 문장', '음식 주문하기'],
  도덕: ['배려와 존중', '정직', '생명 존중', '갈등 해결', '사이버 예절'],
  음악: ['리듬 치기', '우리 민요', '합창', '악기 연주'],
  미술: ['색의 혼합', '판화', '협동 작품', '미술 감상'],
  체육: ['줄넘기', '피구', '표현 활동', '건강 체력'],
  역사: ['삼국의 성립', '조선의 건국', '근대 개혁'],
  정보: ['알고리즘', '순차 구조', '데이터 분석'],
};
const DEFAULT_TOPICS = ['기초 개념', '탐구 활동', '프로젝트 수업', '모둠 활동'];

const PLAN_LINES = [
  '평가 요소: {topic을/를} 이해하고 적용하는 능력',
  '평가 방법: 관찰 평가, 서술형 평가, 자기 평가',
  '성취기준에 따라 잘함, 보통, 노력 요함 세 단계로 평가한다.',
  '평가 결과는 학생별 피드백과 함께 학부모에게 안내한다.',
];
const SUMMARY_LINES = [
  '{topic}의 핵심 개념을 쉬운 말로 정리했습니다.',
  '중요한 낱말과 그 뜻을 예시와 함께 설명합니다.',
  '수업 전 예습 자료나 복습 자료로 활용할 수 있습니다.',
];
const FEEDBACK_LINES = [
  '글의 주제가 분명하고 {topic}에 대한 자신의 생각이 잘 드러납니다.',
  '문단을 나누어 쓰면 내용이 더 잘 전달됩니다.',
  '맞춤법과 띄어쓰기를 한 번 더 확인해 보세요.',
  '근거를 한 가지 더 들면 주장이 더 설득력 있게 됩니다.',
];

function gradeLabel(grade: GradeDefinition): string {
  const levels: Record<string, string> = { 초: '초등', 중: '중학교', 고: '고등학교' };
  const level = levels[grade.level.short] ?? '';
  return `${level} ${grade.number}학년`;
}

/** The lines with the topic in, `{topic을/를}` taking the particle its last syllable wants. */
function fill(lines: string[], topic: string): string[] {
  return lines.map((line) =>
    line.replaceAll('{topic을/를}', withParticle(topic, '을/를')).replaceAll('{topic}', topic),
  );
}

/** A lesson as the lesson tool stores it. */
function lessonContent(title: string, grade: GradeDefinition, subject: string, topic: string): string {
  const brief = {
    title,
    goal: `${topic}의 뜻을 알고 생활 속 예를 들어 설명하기`,
    gradeSeq: grade.codeSeq,
    gradeName: `${grade.level.short}${grade.number}`,
    subjectName: subject,
    additionalInfo: '',
    standards: [],
  };
  const sections: LessonSection[] = [];
  let nextId = 1;
  for (const key of SECTION_KEYS) {
    const numbered = numberSection(
      {
        keyNum: key,
        title: LESSON_SECTION_KEYS[key],
        displayNo: key,
        additionalInfo: '',
        items: draftSectionItems(key, brief),
      },
      nextId,
    );
    sections.push(numbered.section);
    nextId = numbered.nextId;
  }
  return JSON.stringify({
    title,
    goal: brief.goal,
    gradeName: brief.gradeName,
    subjectName: subject,
    semester: 1,
    curriculum: 2022,
    language: 'KOREAN',
    standards: [],
    sections,
    nextId,
    images: { provider: 'none', generated: 0, notice: null },
    engine: 'offline',
    notice: null,
  });
}

/** A document-studio result (evaluation plan, parent letter, minutes). */
function studioContent(title: string, document: DocumentNode): string {
  return JSON.stringify({ kind: 'document', title, document, engine: 'offline', notice: null });
}

/** One material for a grade (a random one when not given). */
export function corpusMaterial(rng: () => number, gradeSeq?: number): CorpusMaterial {
  const candidates = GRADES.filter((g) => g.level.short !== '고' || g.number === 1);
  const grade = candidates.find((g) => g.codeSeq === gradeSeq) ?? pick(rng, candidates);
  const subjects = subjectsForGrade(grade, []);
  const subjectIndex = Math.floor(rng() * Math.min(subjects.length, 9));
  const subject = subjects[subjectIndex]![0];
  const topic = pick(rng, TOPICS[subject] ?? DEFAULT_TOPICS);
  const subjectSeq = grade.codeSeq * 1000 + subjectIndex + 1;
  const label = `${grade.number}학년`;
  const kind = rng();
  if (kind < 0.4) {
    return {
      title: `${label} ${subject} ${topic} 단원 수업 자료`,
      libraryType: 'LESSON',
      materialType: 'lesson',
      gradeSeq: grade.codeSeq,
      subjectSeq,
      content: lessonContent(`${label} ${subject} ${topic} 단원 수업 자료`, grade, subject, topic),
    };
  }
  if (kind < 0.6) {
    return {
      title: `${subject} ${topic} 평가계획`,
      libraryType: 'EVALUATION_PLAN',
      materialType: 'document',
      gradeSeq: grade.codeSeq,
      subjectSeq,
      content: studioContent(
        `${subject} ${topic} 평가계획`,
        doc([
          heading(1, `${gradeLabel(grade)} ${subject} 평가계획`),
          table(
            [
              ['평가 영역', '평가 요소', '평가 방법', '평가 기준'],
              [
                topic,
                `${withParticle(topic, '을/를')} 이해하고 설명하기`,
                '서술형, 관찰',
                '잘함 / 보통 / 노력 요함',
              ],
            ],
            { headerRows: 1 },
          ),
          bulletList(fill(PLAN_LINES, topic)),
        ]),
      ),
    };
  }
  if (kind < 0.8) {
    return {
      title: `${topic} 핵심 요약`,
      libraryType: 'SUMMARY',
      materialType: 'summary',
      gradeSeq: grade.codeSeq,
      subjectSeq,
      content: JSON.stringify({
        title: `${topic} 핵심 요약`,
        keywords: [
          { keyword: topic, explanation: `${subject} 시간에 배우는 ${topic}의 뜻과 쓰임` },
          {
            keyword: '핵심 질문',
            explanation: `${withParticle(topic, '은/는')} 우리 생활과 어떤 관련이 있을까?`,
          },
        ],
        summary: fill(SUMMARY_LINES, topic),
        engine: 'offline',
        notice: null,
      }),
    };
  }
  if (kind < 0.92) {
    return {
      title: `${subject} 글쓰기 피드백 - ${topic}`,
      libraryType: 'FEEDBACK',
      materialType: 'feedback',
      gradeSeq: grade.codeSeq,
      subjectSeq,
      content: JSON.stringify({
        ...draftFeedbackOffline({
          title: `${topic} 글쓰기 피드백`,
          text: `${fill(FEEDBACK_LINES, topic).join(' ')}\n\n나는 ${topic}에 대해 배우면서 새로운 것을 많이 알게 되었다. 처음에는 어려웠지만 친구들과 함께 공부하니 재미있었다.`,
          areas: FEEDBACK_AREAS,
          spelling: [],
        }),
        notice: null,
      }),
    };
  }
  const letterTitle = pick(rng, [
    '학부모 상담 주간 안내',
    '현장 체험 학습 안내',
    '방과 후 학교 신청 안내',
    '학년 행사 안내',
  ]);
  return {
    title: letterTitle,
    libraryType: 'PARENT_LETTER',
    materialType: 'document',
    gradeSeq: grade.codeSeq,
    subjectSeq,
    content: studioContent(
      letterTitle,
      doc([
        paragraph('가정통신 2026-○○○'),
        heading(1, letterTitle),
        paragraph('학부모님께'),
        paragraph(
          `학부모님 안녕하십니까. ${gradeLabel(grade)} ${topic} 관련 활동을 아래와 같이 안내드립니다.`,
        ),
        orderedList(['일시: ○월 ○일(○)', '장소: 본교', `내용: ${topic} 활동`]),
        paragraph('궁금하신 점은 담임 교사에게 문의해 주시기 바랍니다.'),
      ]),
    ),
  };
}
