/**
 * What must never be written in the narrative areas of 학교생활기록부, as data: one row per item,
 * the words that reveal it, and one line of reason shown to the teacher.
 *
 * Sources (the ministry's 기재요령 is reissued every year; check the current one):
 * - 교육부 「학교생활기록부 기재요령」 (초등학교 / 중·고등학교), 2013 revision: 공인어학시험 성적,
 *   교내·외 인증시험, 발명특허, 모의고사 원점수·석차 in no area (조선에듀 2013-05-15).
 * - 「2016학년도 학교생활기록부 기재요령」: 부모·친인척의 사회·경제적 지위를 암시하는 내용, 교외상,
 *   교외 경시대회, 논문(학회지) 등재, 도서 출간, 해외 봉사활동 실적 in no area, including
 *   행동특성 및 종합의견 (국민일보 2016-05-11, 서울신문 2016-06-01).
 * - 교육부 「학생부 신뢰도 제고 방안」 (2018-08-17) and the 2019 기재요령: 소논문 기재 금지,
 *   방과후학교 활동(수강) 내용 미기재, 청소년단체활동 미기재 (에듀진, 2022 기재요령 정리).
 * - 기재요령 공통 유의사항: 특정 대학명·기관명·상호명·강사명 기재 불가 (unverified against the
 *   original; DOMAIN.md lists it as a secondary-source fact).
 *
 * Patterns are matched on the text as written; they aim at the words a teacher would really type
 * and prefer a miss to flagging ordinary school sentences.
 */
export interface BannedItemRule {
  id: string;
  /** What kind of item this is, as the teacher would name it. */
  label: string;
  /** One line: why it may not be recorded. */
  reason: string;
  patterns: RegExp[];
}

export const BANNED_ITEM_RULES: readonly BannedItemRule[] = [
  {
    id: 'language-test',
    label: '공인어학시험',
    reason: '공인어학시험 성적과 참여 사실은 학교생활기록부 어느 항목에도 적을 수 없음.',
    patterns: [
      /TOEIC|TOEFL|TEPS|IELTS|TOEIC\s?Speaking|OPIc|JLPT|JPT|HSK|DELF|DELE|ZD|토익|토플|텝스|아이엘츠|오픽|신HSK/gi,
      /어학\s?(시험|성적|점수|능력\s?시험)/g,
    ],
  },
  {
    id: 'external-award',
    label: '교외 수상·대회',
    reason: '교외 대회와 교외상은 적을 수 없고, 교내 수상도 수상경력 외의 서술 항목에는 적지 않음.',
    patterns: [
      /(교외|외부|전국|국제|교육청|교육감|장관|도지사|시장)\s?(대회|경시대회|경진대회|올림피아드|표창|수상|상(?=[을를은이\s.,]|$))/g,
      /올림피아드|경시대회/g,
      /(금상|은상|동상|최우수상|우수상|장려상|특별상)\s?(을|를|으로|수상|받|입상)/g,
      /수상(함|하였|했|한|경력)|입상(함|하였|했|한)/g,
    ],
  },
  {
    id: 'certification-test',
    label: '인증시험·자격증',
    reason: '교내·외 인증시험의 참여 사실과 성적, 자격증 취득은 서술 항목에 적을 수 없음.',
    patterns: [
      /(한국사|한자|컴퓨터활용)\s?능력\s?(검정)?\s?시험?|한국사능력검정|한자능력검정|컴활/g,
      /자격증|(\d|[일이삼사오])\s?급\s?(취득|합격)|(기능사|산업기사)\s?(취득|합격|자격)/g,
      /인증\s?시험/g,
    ],
  },
  {
    id: 'mock-exam',
    label: '모의고사·석차',
    reason: '모의고사·전국연합학력평가 성적과 원점수·석차·등급은 서술 항목에 적을 수 없음.',
    patterns: [
      /모의\s?(고사|평가)|학력\s?평가|전국연합/g,
      /(전교|반|학년)\s?\d+\s?등(?!급)|석차|백분위|\d\s?등급/g,
    ],
  },
  {
    id: 'paper-book-patent',
    label: '논문·도서 출간·특허',
    reason: '논문(학회지) 등재·투고, 도서 출간, 발명 특허·지식재산권 내용은 적을 수 없음.',
    patterns: [
      /논문|학회지|학술지|투고|등재/g,
      /(책|도서|저서|시집|소설)[^.\n]{0,12}(출간|출판|펴냄|펴냈|발간)|출간(함|하였|했)|출판(함|하였|했)/g,
      /특허|지식\s?재산권|실용신안/g,
    ],
  },
  {
    id: 'small-thesis',
    label: '소논문',
    reason: '소논문(R&E 포함) 활동은 2019학년도 고1부터 어느 항목에도 적을 수 없음.',
    patterns: [/소논문|R\s?&\s?E/g],
  },
  {
    id: 'overseas-volunteering',
    label: '해외 봉사·어학연수',
    reason: '해외 봉사활동 실적과 개인적인 해외 연수·체험은 적을 수 없음.',
    patterns: [/해외\s?(봉사|연수|캠프|체험)|어학\s?연수|유학\s?(경험|생활)/g],
  },
  {
    id: 'parent-status',
    label: '부모의 직업·사회경제적 지위',
    reason: '부모·친인척의 직업이나 사회·경제적 지위를 암시하는 내용은 어느 항목에도 적을 수 없음.',
    patterns: [
      /(아버지|어머니|부모님?|부친|모친|아빠|엄마|삼촌|이모|고모|할아버지|할머니|친척)[은는이가의께서\s][^.\n]{0,20}(의사|변호사|판사|검사|교수|국회의원|의원|회장|사장|대표|CEO|임원|공무원|목사|원장|사업가|기업가|직업|근무|재직|운영)/g,
      /(부유|재력|자산가|고액|재산)/g,
    ],
  },
  {
    id: 'private-education',
    label: '사교육·방과후학교 수강',
    reason: '학원·과외 같은 사교육과 방과후학교 수강 내용은 적을 수 없음.',
    patterns: [/학원|과외|사교육|인강|인터넷\s?강의|방과\s?후\s?학교/g],
  },
  {
    id: 'university-name',
    label: '대학명',
    reason: '특정 대학의 이름은 적을 수 없음 (대학 주관 활동도 기관명 없이 씀).',
    patterns: [
      /[가-힣A-Za-z]{2,10}대학교|[가-힣]{2,6}대\s?(교수|부설|주최|주관|캠프|연구실|영재원)/g,
      /서울대|연세대|고려대|성균관대|한양대|서강대|중앙대|경희대|이화여대|카이스트|KAIST|포스텍|POSTECH|UNIST|DGIST|GIST/g,
    ],
  },
  {
    id: 'company-name',
    label: '기관명·상호명',
    reason: '기업·상호·사설 기관의 이름은 적을 수 없음 (활동 내용만 씀).',
    patterns: [
      /삼성|엘지|LG전자|현대자동차|SK하이닉스|네이버|카카오|구글|Google|애플|Apple|마이크로소프트|Microsoft|유튜브|YouTube|넷플릭스|쿠팡|배달의민족/g,
      /주식회사|\(주\)|㈜/g,
    ],
  },
  {
    id: 'scholarship',
    label: '교외 장학금',
    reason: '교외 장학금·장학생 선발 사실은 적을 수 없음.',
    patterns: [/장학금|장학생/g],
  },
  {
    id: 'night-study',
    label: '야간자율학습',
    reason: '야간자율학습 참여와 관련된 내용은 적을 수 없음.',
    patterns: [/야간\s?자율\s?학습/g],
  },
];
