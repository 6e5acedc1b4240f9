/**
 * Realistic teacher inputs for every tool, shared by the offline-draft test and the check of the
 * exported documents by independent programs. `subjectSeq: -1` means "look the subject up by name".
 */

import { loadConfig } from '../src/config/config.ts';
import { seedReferenceData } from '../src/db/seed/reference.seed.ts';
import type { TestApp } from './build-test-app.ts';

export interface Case {
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** Text the draft must contain (the input's facts, placed). */
  has: string[];
  /** Text it must not contain. */
  hasNot?: string[];
}

export const STUDIO = '/api/v1/document/studio';

/** The tool a case drafts with: the studio's document type or the route's tool name. */
export function toolOf(c: Case): string {
  return c.path === STUDIO ? String(c.body.type) : c.path.split('/').slice(3).join('/');
}

/**
 * Seeds the reference data (curriculum codes, standards) and answers each case's request body,
 * with `subjectSeq: -1` replaced by the code of the case's subject.
 */
export async function requestBodies(
  db: TestApp['database']['db'],
): Promise<(c: Case) => Record<string, unknown>> {
  await seedReferenceData(db, loadConfig({}).REFERENCE_DATA_DIR);
  const codes = await db.selectFrom('code').select(['codeSeq', 'parentSeq', 'name']).execute();
  return (c) => {
    if (c.body.subjectSeq !== -1) return c.body;
    const name = CASE_SUBJECTS[c.name];
    const found = codes.find((code) => code.parentSeq === Number(c.body.gradeSeq) && code.name === name);
    if (!found) throw new Error(`no subject ${name} for grade ${c.body.gradeSeq}`);
    return { ...c.body, subjectSeq: found.codeSeq };
  };
}
const teacherStudio = (type: string, body: Record<string, unknown>) => ({ ...body, type });

/** The subject (by name) of the cases that look theirs up. */
export const CASE_SUBJECTS: Record<string, string> = {
  'evaluation plan: 중2 과학 with the teacher’s ratio': '과학',
  'evaluation plan: 초4 2학기 수학 cites the reference standards': '수학',
  'evaluation plan: 초3 분수 topic only': '수학',
  'lesson: 초3 분수 in 2026 follows 2022 and cites a fraction standard': '수학',
  'lesson: a 용해 lesson cites no 연소 standard': '과학',
  'lesson: a topic phrase becomes an objective': '사회',
  'lesson: 이슬과 구름 cites the standard on them, not one sharing a verb': '과학',
  'lesson: an activity goal becomes what pupils can do': '국어',
  'lesson: "예를 들어" gives examples, the topic is what is understood': '도덕',
};

export function cases(): Case[] {
  return [
    // ----- 가정통신문 -----
    {
      name: 'letter: open class with date, time, place and deadline',
      path: '/api/v1/document/letter',
      body: {
        title: '학부모 공개수업 안내',
        topic: '2학기 학부모 공개수업',
        additionalInfo:
          '10월 15일 오전 10시부터 11시 30분까지 각 학년 교실에서 진행합니다. 대상: 1~6학년 학부모. 참석 여부를 10월 10일까지 회신서로 알려 주세요.',
        documentType: 'APPLY',
      },
      has: [
        '2학기 학부모 공개수업을 아래와 같이 안내드립니다.',
        '장소: 각 학년 교실',
        '10. 15.',
        '오전 10시',
        '1~6학년 학부모',
        '10월 10일',
        '회신서',
      ],
      hasNot: ['○월 ○일(○)까지', '○○○○. ○. ○.', '에 관하여'],
    },
    {
      name: 'letter: field trip with fee and supplies',
      path: '/api/v1/document/letter',
      body: {
        title: '3학년 현장체험학습 안내',
        topic: '3학년 현장체험학습을 11월 3일 국립중앙박물관에서 실시합니다.',
        additionalInfo: '준비물: 도시락, 물, 필기도구\n체험학습비는 15,000원입니다.',
        documentType: 'GUIDE',
      },
      has: [
        '11. 3.',
        '국립중앙박물관',
        '도시락, 물, 필기도구',
        '15,000원',
        '3학년 현장체험학습을 아래와 같이',
      ],
      hasNot: ['본교 ○○실', '○○○○. ○. ○.'],
    },
    {
      name: 'letter: consent with a full date and a deadline',
      path: '/api/v1/document/letter',
      body: {
        title: '방과후학교 수강 신청',
        topic: '2027학년도 1학기 방과후학교 수강 신청',
        additionalInfo: '신청서는 2027. 3. 5.까지 담임 선생님께 제출해 주세요.',
        documentType: 'APPLY',
      },
      has: [
        '3월 5일',
        '2027학년도 1학기 방과후학교 수강 신청을 아래와 같이 안내드립니다.',
        '신청서는 2027. 3. 5.까지 담임 선생님께 제출해 주세요',
      ],
      hasNot: ['2027 / 3', '/ 5.까지', '○월 ○일(○)까지'],
    },
    {
      name: 'letter: a topic typed as a sentence with a full stop',
      path: '/api/v1/document/letter',
      body: {
        title: '겨울방학 생활 안내',
        topic: '겨울방학 중 안전한 생활과 개학일 회신서 제출.',
        additionalInfo: '방학은 12월 31일부터입니다.',
      },
      has: ['개학일 회신서 제출을 아래와 같이 안내드립니다.', '12. 31.'],
      hasNot: ['.에 관하여', '제출.에'],
    },
    {
      name: 'letter: a date with the weekday the teacher wrote',
      path: '/api/v1/document/letter',
      body: {
        title: '가을 운동회 안내',
        topic: '가을 운동회',
        additionalInfo:
          '10월 24일(금) 오전 9시 30분부터 본교 운동장에서 열립니다. 학생들은 체육복을 입고 물병을 챙겨 오세요.',
        documentType: 'GUIDE',
      },
      // The year is the one in which 10월 24일 is a Friday, as the teacher wrote it.
      has: ['10. 24.(금) 오전 9시 30분', '본교 운동장', '가을 운동회를 아래와 같이 안내드립니다.'],
      hasNot: ['10. 24.(토)', '10. 24.(일)'],
    },
    // ----- 회의록 -----
    {
      name: 'minutes: numbered agenda, meeting number, quorum and decisions',
      path: '/api/v1/document/meeting-minutes',
      body: {
        title: '제5차 학교운영위원회 회의록',
        principal: '김교장',
        teachers: '이교사, 박교사',
        parents: '최학부모, 정학부모',
        topic: '1. 2027학년도 학교 예산안 심의 2. 수학여행 실시 계획',
        requestContent:
          '재적 위원 9명 중 7명 출석.\n학부모위원: 수학여행 안전요원을 늘려 주세요.\n1호 안건 원안가결.\n2호 안건은 안전 대책 보완 후 수정 가결.',
        meetingDate: '2026. 11. 20.(금) 16:00',
        place: '본교 회의실',
      },
      has: [
        '제5차',
        '재적 위원 9명 중 7명',
        '제1호 안건: 2027학년도 학교 예산안 심의',
        '제2호 안건: 수학여행 실시 계획',
        '○ 의결: 원안가결',
        '○ 의결: 수정가결',
        '학부모위원: 수학여행 안전요원을 늘려 주세요.',
      ],
      hasNot: ['제○회', '2. 2.', '위원: 1호 안건 원안가결', '(원안가결 / 수정가결'],
    },
    {
      name: 'minutes: comma-separated agenda items are separate items',
      path: '/api/v1/document/meeting-minutes',
      body: {
        title: '학교운영위원회 정기회 회의록',
        principal: '김교장',
        teachers: '이교사',
        parents: '최학부모',
        topic: '교복 선정 기준 개정, 방과후학교 강사 선정, 학교 발전 기금 사용 계획',
        requestContent: '교복 선정 기준 개정은 보류. 방과후학교 강사 선정은 원안대로 가결.',
      },
      has: [
        '제1호 안건: 교복 선정 기준 개정',
        '제2호 안건: 방과후학교 강사 선정',
        '제3호 안건: 학교 발전 기금 사용 계획',
        '○ 의결: 보류',
        '○ 의결: 원안가결',
        '3명이 출석',
      ],
      hasNot: ['재적 위원 3명'],
    },
    {
      name: 'minutes: agenda on lines with the meeting date in the notes',
      path: '/api/v1/document/meeting-minutes',
      body: {
        title: '제3회 임시회 회의록',
        principal: '김교장',
        teachers: '이교사, 박교사',
        parents: '최학부모',
        meetingKind: 'EXTRA',
        topic: '1) 급식 식재료 선정 기준\n2) 학교 시설 개방',
        requestContent: '회의는 12월 2일 오후 4시 도서관에서 열림. 1번 안건 부결. 회의 결과 2번 안건은 보류.',
      },
      has: [
        '제3회',
        '임시',
        '12. 2.',
        '도서관',
        '○ 의결: 부결',
        '제2호 안건: 학교 시설 개방',
        '○ 의결: 보류',
      ],
      // The sentence that gives the meeting's date and place fills its rows; it is nobody's remark.
      hasNot: ['본교 ○○실', '2) 학교', '위원: 회의는'],
    },
    // ----- 상담 -----
    {
      name: 'student counselling: date, time and telephone ticked',
      path: STUDIO,
      body: teacherStudio('COUNSEL_STUDENT', {
        title: '학생 상담 기록',
        studentName: '김민준',
        gender: 'MALE',
        counselSubject: 'PEER_RELATIONS',
        topic: '10월 14일 오후 3시에 전화로 상담함. 쉬는 시간에 혼자 있는 일이 잦다고 함.',
        teacherIntervention: '친구에게 먼저 말을 거는 방법을 함께 연습함.',
        futurePlan: '11월 4일에 다시 상담하기로 함.',
      }),
      has: ['10. 14.', '오후 3시', '■ 전화', '□ 대면', '다음 상담 예정일: 11월 4일'],
      hasNot: ['○○:○○', '다음 상담 예정일: ○월'],
    },
    {
      name: 'student counselling: face to face with a full date',
      path: STUDIO,
      body: teacherStudio('COUNSEL_STUDENT', {
        title: '학업 상담',
        studentName: '이서연',
        gender: 'FEMALE',
        counselSubject: 'STUDY',
        topic: '2026. 9. 8. 교실에서 대면 상담. 과제 제출이 늦어지는 까닭을 이야기함.',
        teacherIntervention: '학습 계획표를 함께 만들었음.',
        futurePlan: '매주 금요일 계획표를 확인함.',
      }),
      has: ['2026. 9. 8.', '■ 대면'],
    },
    {
      name: 'parent counselling record: date and method from the notes',
      path: STUDIO,
      body: teacherStudio('COUNSEL_PARENT', {
        title: '학부모 상담 기록',
        studentName: '박지호',
        gender: 'MALE',
        relation: 'MOTHER',
        counselSubject: 'MEDIA_OVERUSE',
        topic: '11월 12일 오후 4시 30분 화상으로 어머니와 상담함.',
        parentOpinion: '집에서 게임 시간이 길어 걱정이라고 하심.',
        teacherIntervention: '사용 시간 약속을 정해 보시기를 권함.',
        futurePlan: '12월 1일 전화로 실천 여부를 확인함.',
      }),
      has: ['11. 12.', '오후 4시 30분', '■ 온라인', '다음 상담 예정일: 12월 1일'],
      hasNot: ['○○:○○'],
    },
    {
      name: 'parent counselling sheet: date from the summary',
      path: STUDIO,
      body: teacherStudio('COUNSEL_PARENT', {
        sheet: true,
        studentName: '최유나',
        gender: 'FEMALE',
        relation: 'FATHER',
        topic: '교우 관계',
        counselSummary: '10월 20일 방문 상담. 친구와 다툰 뒤 학교에 가기 싫어함.',
        parentOpinion: '아이가 속상해한다고 하심.',
        teacherObservation: '쉬는 시간에 혼자 있는 모습이 보임.',
      }),
      has: ['10. 20.', '■ 대면', '학부모 상담 기록지'],
    },
    {
      name: 'parent counselling scenario: topics and minutes',
      path: STUDIO,
      body: teacherStudio('COUNSEL_PARENT_SCRIPT', {
        title: '학부모 상담 시나리오',
        schoolLevel: 'ELEMENTARY',
        topic: 'STUDY_HABITS,PEER_RELATIONS',
        season: 30,
      }),
      has: ['30분', '학습 습관', '교우 관계', '교육부 고시 제2023-28호'],
    },
    // ----- 평가계획 -----
    {
      name: 'evaluation plan: 중2 과학 with the teacher’s ratio',
      path: '/api/v1/document/evaluation-plans',
      body: {
        title: '2학기 과학과 평가 계획',
        gradeSeq: 22,
        subjectSeq: -1,
        semester: 2,
        query: '지필 50 %, 수행 50 %로 평가합니다. 물질의 구성과 전기 단원 중심',
      },
      // The units the teacher named fill the unit column; "단원 중심" is no topic, so no 염색체 standard.
      has: ['50%', '평가 계획', '[9과14-01]', '[9과14-02]', '"text":"물질의 구성"', '"text":"전기"'],
      hasNot: ['60%', '40%', '지필 50 %, 수행 50 %로 평가합니다', '염색체', '○○ 단원'],
    },
    {
      name: 'evaluation plan: 초4 2학기 수학 cites the reference standards',
      path: '/api/v1/document/evaluation-plans',
      body: { title: '4학년 2학기 수학 평가 계획', gradeSeq: 14, subjectSeq: -1, semester: 2, query: '' },
      has: ['[4수', '성취기준'],
      hasNot: ['찾지 못했습니다'],
    },
    {
      name: 'evaluation plan: 초3 분수 topic only',
      path: '/api/v1/document/evaluation-plans',
      body: { title: '분수 단원 평가 계획', gradeSeq: 13, subjectSeq: -1, semester: 2, query: '분수' },
      has: ['[4수01-09]', '분수'],
    },
    // ----- 수업 -----
    {
      name: 'lesson: 초3 분수 in 2026 follows 2022 and cites a fraction standard',
      path: '/api/v1/lesson',
      body: { title: '분수의 뜻', gradeSeq: 13, subjectSeq: -1, query: '분수의 뜻을 안다', semester: 2 },
      // "안다" is how the goal ends, not what it is about: the standards cited are the fraction ones.
      has: ['[4수01-09]', '[4수01-10]', '분수의 뜻을 다른 사람에게 설명한다면', '분수의 뜻과 관련된'],
      hasNot: ['안다을', '안다과', '찾지 못했습니다', '나눗셈', '원의 중심'],
    },
    {
      name: 'lesson: a 용해 lesson cites no 연소 standard',
      path: '/api/v1/lesson',
      body: {
        title: '용해와 용액',
        gradeSeq: 15,
        subjectSeq: -1,
        query: '물에 녹는 물질을 관찰하고 용해 현상을 설명할 수 있다.',
        semester: 1,
      },
      // Sentences are built on the goal's topic (용해 현상), not on the whole goal pasted in.
      has: ['용해', '우리 생활에서 용해 현상을 만난 적이 있나요?', '용해 현상과 관련된'],
      hasNot: ['연소', '관찰하고 용해 현상을 만난', '관찰하고 용해 현상과 관련된'],
    },
    {
      name: 'lesson: 이슬과 구름 cites the standard on them, not one sharing a verb',
      path: '/api/v1/lesson',
      body: {
        title: '이슬과 구름',
        gradeSeq: 15,
        subjectSeq: -1,
        query: '습도를 측정하고 이슬과 구름이 생기는 까닭을 설명할 수 있다.',
        semester: 2,
      },
      has: ['[6과06-02]', '이슬과 구름이 생기는 까닭과 관련된'],
      hasNot: ['낮과 밤', '습도를 측정하고 이슬과 구름이 생기는 까닭과 관련된'],
    },
    {
      name: 'lesson: an activity goal becomes what pupils can do',
      path: '/api/v1/lesson',
      body: {
        title: '글을 요약하기',
        gradeSeq: 15,
        subjectSeq: -1,
        query: '글의 중심 내용을 파악하여 요약하기',
        semester: 1,
      },
      has: ['글의 중심 내용을 파악하여 요약할 수 있다.', '[6국02-01]'],
      hasNot: ['요약하기를 이해하고', '요약하기은', '요약하기과'],
    },
    {
      name: 'lesson: "예를 들어" gives examples, the topic is what is understood',
      path: '/api/v1/lesson',
      body: {
        title: '생명 존중',
        gradeSeq: 13,
        subjectSeq: -1,
        query: '생명 존중의 뜻을 알고 생활 속 예를 들어 설명하기',
        semester: 1,
      },
      has: ['생명 존중의 뜻과 관련된', '우리 생활에서 생명 존중의 뜻을 만난 적이 있나요?'],
      hasNot: ['생활 속 예와 관련된', '생활 속 예를 만난'],
    },
    {
      name: 'lesson: a topic phrase becomes an objective',
      path: '/api/v1/lesson',
      body: {
        title: '우리 고장의 문화유산',
        gradeSeq: 13,
        subjectSeq: -1,
        query: '우리 고장의 문화유산',
        semester: 1,
      },
      has: ['우리 고장의 문화유산을 이해하고 설명할 수 있다.', '우리 고장의 문화유산과 관련된'],
    },
    // ----- 문서 생성 -----
    {
      name: 'general document: a plan drafted, not echoed',
      path: '/api/v1/document/generate',
      body: { query: '가을 운동회 계획서를 만들어 줘. 10월 24일 운동장에서 전교생이 참여합니다.' },
      has: ['가을 운동회 계획서', '1. 목적', '10. 24.', '운동장', '전교생'],
      hasNot: ['만들어 줘', '요청 내용'],
    },
    {
      name: 'general document: a notice with a deadline',
      path: '/api/v1/document/generate',
      body: {
        query:
          '학생 건강검사 안내문을 작성해 주세요\n검진 기관 목록을 확인하고 5월 30일까지 결과 통보서를 보건실로 보내 주세요.',
      },
      has: [
        '학생 건강검사 안내문',
        '학생 건강검사를 아래와 같이 안내드립니다.',
        '5월 30일까지',
        '검진 기관 목록을 확인하고',
      ],
      // A deadline is not the date of an event.
      hasNot: ['2027. 5. 30.', '2026. 5. 30.', '작성해 주세요'],
    },
    {
      name: 'general document: a field trip letter asked for like a chat, with its day named from today',
      path: '/api/v1/document/generate',
      body: {
        query:
          '다음 주 화요일 3학년 현장체험학습 안내 가정통신문 써 줘. 장소는 국립과천과학관, 출발은 오전 9시야.',
      },
      has: [
        '3학년 현장체험학습 안내\n',
        '3학년 현장체험학습을 아래와 같이 안내드립니다.',
        '오전 9시 출발',
        '국립과천과학관',
      ],
      // The day is written out, the teacher's chat is not pasted in, and nothing given is left blank.
      hasNot: ['○○○○', '다음 주 화요일', '9시야', '장소는', '세부 내용', '안내를 아래와'],
    },
    {
      name: 'general document: a report',
      path: '/api/v1/document/generate',
      body: { query: '독서 캠프 결과 보고서 작성해 줘. 7월 20일 도서관에서 4학년 학생 42명이 참여함.' },
      has: ['독서 캠프 결과 보고서', '2. 추진 내용', '7. 20.', '도서관', '42명'],
    },
    {
      name: 'general document: minutes of a grade meeting',
      path: '/api/v1/document/generate',
      body: {
        query:
          '학년 협의회 회의록 작성해 줘. 11월 18일 3학년 연구실에서 학년 교사 5명이 참석했고 학예회 준비를 논의함. 학예회는 12월 12일에 하기로 결정함.',
      },
      has: [
        '학년 협의회 회의록',
        '3학년 연구실',
        '학년 교사 5명',
        '2. 협의 내용',
        '3. 결정 사항',
        '학예회는 12월 12일에 하기로 결정함',
      ],
      hasNot: ['협조 사항', '작성해 줘'],
    },
    {
      name: 'general document: the title is never cut mid-word',
      path: '/api/v1/document/generate',
      body: {
        query:
          '2026학년도 2학기 학년 교육과정 설명회와 학부모 상담 주간 및 방과후학교 운영을 함께 알리는 가정통신문을 만들어 주세요',
      },
      has: [
        '2026학년도 2학기 학년 교육과정 설명회와 학부모 상담 주간 및 방과후학교 운영 안내\n',
        '방과후학교 운영을 아래와 같이 안내드립니다.',
      ],
      hasNot: ['만들어 주세요', '주간 및\n', '주간 및을', '함께 알리는 가정통신문'],
    },
    // ----- 협동놀이 -----
    {
      name: 'cooperative play plan',
      path: STUDIO,
      body: teacherStudio('GROUP_PLAY_PLAN', {
        title: '협동놀이 운영 계획',
        grade: '3-4',
        season: 'SEMESTER_1',
        topic: 'NEW_CLASS,RAINY_DAY',
      }),
      has: ['이름 빙고', '협동 풍선 띄우기', '3~4학년군'],
    },
    {
      name: 'play lesson plan',
      path: STUDIO,
      body: teacherStudio('GROUP_PLAY_LESSON_PLAN', {
        title: '거울 놀이 지도안',
        grade: '5-6',
        topic: '거울 놀이',
      }),
      has: ['거울 놀이', '40분', '도입', '전개', '정리'],
    },
    // ----- 요약 -----
    {
      name: 'summary: noun keywords and points',
      path: '/api/v1/summary',
      body: {
        title: '광합성 요약',
        summaryType: 'TEXT_SUMMARY',
        summaryFormat: 'KEYWORD_SUMMARY',
        inputText:
          '식물은 광합성을 합니다. 광합성은 빛 에너지를 이용하여 물과 이산화 탄소로 양분을 만드는 과정입니다. 광합성은 잎의 엽록체에서 일어납니다. 광합성으로 만든 양분은 식물의 여러 부분으로 이동합니다. 식물은 광합성을 통해 산소를 내보냅니다.',
      },
      has: ['광합성', '엽록체', '잎의 엽록체에서 일어남'],
      hasNot: ['합니다.', '입니다.', '일어납니다'],
    },
    {
      name: 'summary: a topic outline with particles',
      path: '/api/v1/summary',
      body: {
        title: '물의 순환',
        summaryType: 'TOPIC_SUMMARY',
        summaryFormat: 'EASY_SUMMARY',
        summaryTopic: '물의 순환',
      },
      has: ['물의 순환을 학생의 생활에서', '물의 순환과 관련된'],
    },
    // ----- 글쓰기 피드백 -----
    {
      name: 'feedback: a pupil’s spacing error is corrected, not broken',
      path: '/api/v1/feedback',
      body: {
        title: '주말 이야기',
        targetContent:
          '나는 주말에 가족과 공원에 갔다. 그런데 급한일이 생겨서 일찍 집에 왔다. 다음에는 할머니와 함께 가고 싶다.',
      },
      has: ['급한 일이'],
      hasNot: ['급 한일이'],
    },
    {
      name: 'feedback: private and uneditable by default',
      path: '/api/v1/feedback',
      body: {
        title: '독서 감상문',
        targetContent: '이 책의 주인공은 어려움을 이겨 내고 꿈을 이루었다. 나도 포기하지 않겠다.',
      },
      has: ['어절'],
    },
    // ----- 맞춤법 -----
    {
      name: 'spelling: a correct letter gets no correction',
      path: '/api/v1/text-correction',
      body: {
        title: '가정통신문 점검',
        useManualType: 'TEXT',
        userText: '학부모님께 다음주에 안내드린 회신서를 보내 주시기 바랍니다.',
      },
      has: ['"corrections":[]'],
    },
    {
      name: 'spelling: real misspellings corrected with Korean reasons',
      path: '/api/v1/text-correction',
      body: {
        title: '학생 글',
        useManualType: 'TEXT',
        userText: '몇일 동안 숙제를 할려고 했는데 금새 잊었다.',
      },
      has: ['며칠', '하려고', '금세'],
    },
  ];
}
