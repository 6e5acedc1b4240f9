import type { Kysely } from 'kysely';
import type { LibraryRepository } from '../../modules/library/library.repository.ts';
import type { Database } from '../schema.ts';
import { corpusMaterial, seededRandom } from './materials-corpus.ts';

/** The material the browser journey shares: 김하늘's, private until she shares it. */
export const DEMO_FRACTIONS_TITLE = '3학년 수학 분수 단원 수업 자료';
const DEMO_COUNT = 300;
const KEY_PREFIX = 'demo-material-';

/** Who writes the demo library: teachers of the elementary school and the middle school. */
const AUTHORS: { username: string; share: number }[] = [
  { username: 'teacher', share: 0.1 },
  { username: 'teacher3', share: 0.2 },
  { username: 'admin', share: 0.1 },
  { username: 'unlicensed', share: 0.1 },
  { username: 'teacher2', share: 0.5 },
];

/** 김하늘's own fractions lesson, in the lesson tool's shape. */
function fractionsLesson() {
  const item = (
    id: number,
    type: 'TEXT' | 'ACTIVITY' | 'QUESTION',
    title: string,
    content: string,
    minutes: number | null = null,
  ) => ({
    id,
    type,
    title,
    content,
    minutes,
    imageUrl: null,
  });
  const section = (id: number, keyNum: number, title: string, items: ReturnType<typeof item>[]) => ({
    id,
    seq: keyNum,
    title,
    keyNum,
    displayNo: keyNum,
    additionalInfo: '',
    items,
  });
  return {
    title: DEMO_FRACTIONS_TITLE,
    goal: '똑같이 나누기를 통해 분수의 뜻을 이해할 수 있다.',
    gradeName: '초3',
    subjectName: '수학',
    semester: 2,
    curriculum: 2022,
    language: 'KOREAN',
    standards: [{ code: '[4수01-10]', statement: '양의 등분할을 통하여 분수를 이해하고 읽고 쓸 수 있다.' }],
    sections: [
      section(1, 1, '학습 목표와 성취기준', [
        item(2, 'TEXT', '학습 목표', '학생들이 똑같이 나누기를 통해 분수의 뜻을 이해할 수 있다.'),
      ]),
      section(3, 2, '도입', [
        item(4, 'ACTIVITY', '동기 유발', '피자를 똑같이 나누는 상황으로 분수에 대한 질문을 나눈다.', 5),
      ]),
      section(5, 3, '전개', [
        item(6, 'ACTIVITY', '색종이 접기', '색종이를 접어 1/2, 1/4을 만들고 모둠별로 비교한다.', 25),
      ]),
      section(7, 4, '정리', [
        item(8, 'ACTIVITY', '정리', '분수를 읽고 쓰는 방법을 정리하고 자기 평가를 한다.', 10),
      ]),
    ],
    nextId: 9,
    images: { provider: 'none', generated: 0, notice: null },
    engine: 'offline',
    notice: null,
  };
}

function pickAuthor(roll: number) {
  let rest = roll;
  for (const author of AUTHORS) {
    rest -= author.share;
    if (rest < 0) return author;
  }
  return AUTHORS[AUTHORS.length - 1]!;
}

/**
 * A few hundred realistic materials across both demo schools, with likes and bookmarks among the
 * demo teachers, so the library, search and suggestions have something to show from `npm start`.
 * Idempotent: does nothing once the demo materials exist.
 */
export async function seedDemoMaterials(db: Kysely<Database>, library: LibraryRepository): Promise<number> {
  const done = await db
    .selectFrom('libraryItem')
    .select('id')
    .where('idempotencyKey', '=', `${KEY_PREFIX}0`)
    .executeTakeFirst();
  if (done) return 0;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'schoolId', 'assignedGrade'])
    .execute();
  const byName = new Map(users.map((u) => [u.username, u]));
  const teacher = byName.get('teacher');
  if (!teacher) return 0;
  const rng = seededRandom(20260301);
  const start = Date.now() - 400 * 86_400_000;
  const ids: number[] = [];

  const first = await library.insert({
    creatorId: teacher.id,
    schoolId: teacher.schoolId,
    libraryType: 'LESSON',
    materialType: 'lesson',
    title: DEMO_FRACTIONS_TITLE,
    status: 3,
    visibility: 'PRIVATE',
    editable: 1,
    gradeSeq: 13,
    subjectSeq: 13004,
    input: '{}',
    content: JSON.stringify(fractionsLesson()),
    idempotencyKey: `${KEY_PREFIX}0`,
    createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    updatedAt: new Date().toISOString(),
    completedAt: new Date().toISOString(),
  });
  ids.push(first);

  for (let i = 1; i <= DEMO_COUNT; i++) {
    const author = pickAuthor(rng());
    const user = byName.get(author.username);
    if (!user) continue;
    const material = corpusMaterial(
      rng,
      user.assignedGrade ?? (user.username === 'teacher2' ? 21 + Math.floor(rng() * 3) : undefined),
    );
    const visibilityRoll = rng();
    const createdAt = new Date(start + (i / DEMO_COUNT) * 395 * 86_400_000).toISOString();
    ids.push(
      await library.insert({
        creatorId: user.id,
        schoolId: user.schoolId,
        ...material,
        status: 3,
        visibility: visibilityRoll < 0.7 ? 'PUBLIC' : visibilityRoll < 0.9 ? 'SCHOOL' : 'PRIVATE',
        editable: rng() < 0.85 ? 1 : 0,
        input: '{}',
        idempotencyKey: `${KEY_PREFIX}${i}`,
        createdAt,
        updatedAt: createdAt,
        completedAt: createdAt,
      }),
    );
  }

  // Reactions among the demo teachers (never on their own items), through the same counters.
  const reactors = ['teacher3', 'admin', 'unlicensed', 'teacher2', 'superadmin']
    .map((name) => byName.get(name))
    .filter((u) => u !== undefined);
  for (const id of ids.slice(1)) {
    const item = await library.find(id);
    if (!item || item.visibility === 'PRIVATE') continue;
    for (const user of reactors) {
      if (user.id === item.creatorId) continue;
      if (item.visibility === 'SCHOOL' && user.schoolId !== item.schoolId) continue;
      if (rng() < 0.25) await library.like(user.id, id, true);
      if (rng() < 0.15) await library.bookmark(user.id, id, true);
    }
  }
  return ids.length;
}
