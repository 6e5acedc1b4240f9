/**
 * The major textbook publishers per school level and subject (검정 textbooks of the 2015 and
 * 2022 curricula). The shared reference data has no textbook list, so this list is ours; authors
 * are left empty rather than guessed — the evaluation-plan form treats them as optional.
 */
const COMMON_PUBLISHERS = ['천재교육', '비상교육', '미래엔', '동아출판', '지학사', '금성출판사'];

export const PUBLISHER_CATALOGUE: Record<string, Record<string, string[]>> = {
  초: {
    수학: [
      '천재교육',
      '비상교육',
      '미래엔',
      '동아출판',
      '아이스크림미디어',
      '천재교과서',
      '김영사',
      '대교',
      '좋은책신사고',
    ],
    사회: [
      '천재교육',
      '비상교육',
      '미래엔',
      '동아출판',
      '아이스크림미디어',
      '김영사',
      '지학사',
      '금성출판사',
    ],
    과학: [
      '천재교육',
      '비상교육',
      '미래엔',
      '동아출판',
      '아이스크림미디어',
      '김영사',
      '지학사',
      '금성출판사',
    ],
    영어: ['천재교육', '동아출판', '대교', '와이비엠', '능률교육', '비상교육'],
    음악: ['천재교육', '비상교육', '미래엔', '동아출판', '지학사', '금성출판사', '교학사'],
    미술: ['천재교육', '비상교육', '미래엔', '동아출판', '지학사', '김영사', '아이스크림미디어'],
    체육: ['천재교육', '비상교육', '미래엔', '동아출판', '지학사', '교학사', '김영사'],
    실과: ['천재교육', '비상교육', '미래엔', '동아출판', '지학사', '교학사', '아이스크림미디어'],
    도덕: ['천재교육', '비상교육', '미래엔', '동아출판', '지학사'],
  },
  중: {
    국어: [...COMMON_PUBLISHERS, '창비', '해냄에듀', '좋은책신사고', '천재교과서'],
    수학: [...COMMON_PUBLISHERS, '좋은책신사고', '와이비엠', '능률교육', '천재교과서'],
    영어: [...COMMON_PUBLISHERS, '와이비엠', '능률교육', '천재교과서'],
    사회: [...COMMON_PUBLISHERS, '씨마스', '천재교과서'],
    역사: [...COMMON_PUBLISHERS, '리베르스쿨', '해냄에듀'],
    도덕: [...COMMON_PUBLISHERS, '씨마스', '해냄에듀'],
    과학: [...COMMON_PUBLISHERS, '동아에듀', '천재교과서'],
    기술·가정: [...COMMON_PUBLISHERS, '교학사', '씨마스'],
    정보: [...COMMON_PUBLISHERS, '씨마스', '삼양미디어'],
    체육: [...COMMON_PUBLISHERS, '교학사', '씨마스'],
    음악: [...COMMON_PUBLISHERS, '교학사', '와이비엠'],
    미술: [...COMMON_PUBLISHERS, '교학사', '씨마스'],
    한문: ['미래엔', '비상교육', '동아출판', '장원교육', '다락원', '대명'],
  },
  고: {
    국어: [...COMMON_PUBLISHERS, '창비', '해냄에듀', '좋은책신사고', '천재교과서'],
    수학: [...COMMON_PUBLISHERS, '좋은책신사고', '와이비엠', '능률교육', '천재교과서', '씨마스'],
    영어: [...COMMON_PUBLISHERS, '와이비엠', '능률교육', '천재교과서', '다락원'],
    사회: [...COMMON_PUBLISHERS, '씨마스', '천재교과서', '해냄에듀'],
    과학: [...COMMON_PUBLISHERS, '천재교과서', '와이비엠', '씨마스'],
    한국사: [...COMMON_PUBLISHERS, '리베르스쿨', '해냄에듀', '씨마스'],
    정보: [...COMMON_PUBLISHERS, '씨마스', '삼양미디어'],
    체육: [...COMMON_PUBLISHERS, '교학사', '씨마스'],
    음악: [...COMMON_PUBLISHERS, '교학사'],
    미술: [...COMMON_PUBLISHERS, '교학사', '씨마스'],
  },
};

/** The catalogue key for a subject name as the code table spells it (공통수학1 → 수학). */
export function publisherSubjectKey(subjectName: string): string {
  const name = subjectName.replace(/\s+/g, '');
  const rules: [RegExp, string][] = [
    [/국어|화법|독서|문학|언어와매체|작문/, '국어'],
    [/수학|미적분|확률|기하|대수/, '수학'],
    [/영어/, '영어'],
    [/한국사/, '한국사'],
    [/역사/, '역사'],
    [/통합사회|사회|지리|경제|정치|윤리/, '사회'],
    [/과학|물리|화학|생명|지구/, '과학'],
    [/기술|가정/, '기술·가정'],
    [/실과/, '실과'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1] ?? subjectName;
}
