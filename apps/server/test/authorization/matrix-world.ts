import { randomUUID } from 'node:crypto';
import { doc, paragraph, writeDocx } from '@ssaem/documents';
import type { UserRow } from '../../src/db/schema.ts';
import { accessTokenFor } from '../auth-helpers.ts';
import type { TestApp } from '../build-test-app.ts';
import { buildDemoWorld } from '../demo-world.ts';
import { readFrames } from '../sse-client.ts';

/**
 * The ten people every route is tried as. `owner` is the teacher who made every record the rows
 * point at; the others stand at every distance from it: same school, another school, the two
 * schools' administrators, the service's super administrator, an edutech provider, a student of
 * the owner's school, a teacher of the owner's school without a licence, and nobody at all.
 */
export const PERSONAS = [
  'anonymous',
  'student',
  'unlicensed',
  'owner',
  'sameSchool',
  'otherSchool',
  'adminHere',
  'adminElsewhere',
  'superAdmin',
  'provider',
] as const;
export type MatrixPersona = (typeof PERSONAS)[number];

const USERNAMES: Record<Exclude<MatrixPersona, 'anonymous'>, string> = {
  student: 'student',
  unlicensed: 'unlicensed',
  owner: 'teacher',
  sameSchool: 'teacher3',
  otherSchool: 'teacher2',
  adminHere: 'admin',
  adminElsewhere: 'admin-of-other-school',
  superAdmin: 'superadmin',
  provider: 'provider',
};

/** The owner's records, one of each kind a route can point at. */
export type MatrixRecords = {
  /** Library items by tool slug, SCHOOL visibility and editable, made through the tools themselves. */
  items: Record<string, number>;
  publicItem: number;
  privateItem: number;
  shareToken: string;
  conversationId: string;
  messageId: string;
  fileId: string;
  folderId: number;
  lesson: { id: number; sectionId: number; itemId: number };
};

export type MatrixWorld = {
  origin: string;
  users: Record<MatrixPersona, UserRow | undefined>;
  records: MatrixRecords;
  schoolA: number;
  schoolB: number;
  /** A fresh copy of one of the owner's items, for a route that changes or removes what it is given. */
  cloneItem(id: number): Promise<number>;
  /** A fresh PUBLIC copy of one of the owner's items. */
  publicCopy(id: number): Promise<number>;
  /** A new folder of the owner's. */
  createFolder(): Promise<number>;
  /** A new account's pending request to join a school. */
  createMembershipRequest(schoolId: number): Promise<number>;
  ownerLicenceKey: string;
  /** The owner's upload to the HWP editor (its `fileUrl`). */
  ownerUpload: string;
  /** School A's notice (with an attachment) and a service-wide one. */
  notices: { school: number; schoolAttachment: number; service: number };
  /** A new notice of school A, for a route that removes it. */
  createSchoolNotice(): Promise<number>;
  headersFor(persona: MatrixPersona): Promise<Record<string, string>>;
  // issue 16
  /** A new account of a school with one live sign-in session, for a route that changes or signs out whom it is given. */
  createAccount(schoolId: number, roles?: string[]): Promise<{ id: number; sessionId: string }>;
  /** Switches the free trial's plan off, so starting the trial changes nobody's licences. */
  withoutTrialPlan(): Promise<void>;
  /** The demo teachers' licence plan. */
  demoPlanId: number;
  // issue 18
  /** Opens an event's registration now (the seeded 2025 dates are past). */
  openEvent(slug: string): Promise<void>;
};

export async function buildMatrixWorld(t: TestApp & { origin: string }): Promise<MatrixWorld> {
  const demo = await buildDemoWorld(t);
  const db = t.database.db;
  const users = Object.fromEntries(
    PERSONAS.map((persona) => [
      persona,
      persona === 'anonymous' ? undefined : demo.users[USERNAMES[persona]],
    ]),
  ) as Record<MatrixPersona, UserRow | undefined>;
  await giveLicence(t, users.adminElsewhere);
  const tokens = new Map<MatrixPersona, string>();
  const headersFor = async (persona: MatrixPersona): Promise<Record<string, string>> => {
    const user = users[persona];
    if (!user) return {};
    let token = tokens.get(persona);
    if (!token) {
      token = await accessTokenFor(t, user, { expiresIn: 3600 });
      tokens.set(persona, token);
    }
    return { authorization: `Bearer ${token}` };
  };
  const request = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { ...(await headersFor('owner')) };
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${t.origin}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const created = async (path: string, body: unknown): Promise<number> => {
    const { id } = (await (await request('POST', path, body)).json()) as { id: number };
    await readFrames(await request('GET', `/api/subscribe/${users.owner?.id}/${id}`), () => false);
    return id;
  };

  const shared = { accessLevel: 'SCHOOL', editable: true };
  const items: Record<string, number> = {
    summary: await created('/api/v1/summary', {
      ...shared,
      title: '광합성 요약',
      summaryType: 'TEXT_SUMMARY',
      summaryFormat: 'EASY_SUMMARY',
      inputText: '식물은 빛을 받아 물과 이산화탄소로 양분을 만든다. 이 과정을 광합성이라고 한다.',
    }),
    'text-correction': await created('/api/v1/text-correction', {
      ...shared,
      title: '맞춤법 검사',
      useManualType: 'TEXT',
      userText: '오늘은 날씨가 맑아서 친구들과 운동장에서 놀았다.',
    }),
    feedback: await created('/api/v1/feedback', {
      ...shared,
      title: '글쓰기 피드백',
      targetContent: '우리 동네 공원에는 큰 나무가 많다. 나는 그 나무 아래에서 책 읽는 것을 좋아한다.',
    }),
    lesson: await created('/api/v1/lesson', {
      ...shared,
      title: '분수의 뜻 알아보기',
      gradeSeq: 13,
      subjectSeq: 13004,
      curriculum: 2022,
      query: '똑같이 나누기로 분수의 뜻 알기',
      provider: 'imagen',
    }),
    'evaluation-plan': await created('/api/v1/document/evaluation-plans', {
      ...shared,
      title: '3학년 2학기 수학 평가계획',
      gradeSeq: 13,
      subjectSeq: 13004,
      semester: 2,
      curriculum: 2022,
      query: '분수 단원',
    }),
    'meeting-minutes': await created('/api/v1/document/meeting-minutes', {
      ...shared,
      title: '제3회 학교운영위원회 회의록',
      principal: '최교장',
      chair: '한위원장',
      secretary: '문간사',
      teachers: '김교사',
      parents: '박학부모',
      topic: '수학여행 계획 심의',
      requestContent: '',
    }),
    general: await created('/api/v1/document/generate', {
      ...shared,
      query: '가을 운동회 계획서를 만들어 줘',
    }),
    'parent-letter': await created('/api/v1/document/letter', {
      ...shared,
      title: '현장 체험 학습 안내',
      topic: '3학년 현장 체험 학습',
      documentType: 'GUIDE',
    }),
    'group-play-plan': await created('/api/v1/document/studio', { ...shared, ...FORMS['group-play-plan'] }),
    'group-play-lesson-plan': await created('/api/v1/document/studio', {
      ...shared,
      ...FORMS['group-play-lesson-plan'],
    }),
    'counsel-student': await created('/api/v1/document/studio', { ...shared, ...FORMS['counsel-student'] }),
    'counsel-parent': await created('/api/v1/document/studio', { ...shared, ...FORMS['counsel-parent'] }),
    'counsel-parent-script': await created('/api/v1/document/studio', {
      ...shared,
      ...FORMS['counsel-parent-script'],
    }),
    // issue 21
    'class-group': await created('/api/v1/class-group', { ...shared, ...FORMS['class-group'] }),
    standard: await created('/api/v1/standard', { ...shared, ...FORMS.standard }),
    webtoon: await created('/api/v1/webtoon', { ...shared, ...FORMS.webtoon }),
    quiz: await created('/api/v1/quiz', { ...shared, ...FORMS.quiz }),
  };

  const cloneItem = async (id: number): Promise<number> => {
    const { id: _id, ...row } = await db
      .selectFrom('libraryItem')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('libraryItem')
      .values({ ...row, idempotencyKey: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  };
  const publicItem = await cloneItem(items.summary ?? 0);
  await db.updateTable('libraryItem').set({ visibility: 'PUBLIC' }).where('id', '=', publicItem).execute();
  const privateItem = await cloneItem(items.summary ?? 0);
  await db.updateTable('libraryItem').set({ visibility: 'PRIVATE' }).where('id', '=', privateItem).execute();
  const share = (await (await request('POST', `/api/v1/library/${publicItem}/share-link`)).json()) as {
    url: string;
  };

  const chat = await request('POST', '/api/agents/chat/openAI', { text: '분수 수업 자료를 찾아 주세요' });
  let conversationId = '';
  let messageId = '';
  await readFrames(chat, (frame) => {
    const message = frame.json as
      | {
          final?: boolean;
          conversation?: { conversationId: string };
          responseMessage?: { messageId: string };
        }
      | undefined;
    if (message?.final) {
      conversationId = message.conversation?.conversationId ?? '';
      messageId = message.responseMessage?.messageId ?? '';
    }
    return false;
  });

  const image = new FormData();
  image.append('image', new Blob([PNG]), 'dot.png');
  const file = (await (await request('POST', '/api/v1/files/upload/images', image)).json()) as {
    file_id: string;
  };
  const folder = (await (
    await request('POST', '/api/v1/my-materials/folder', { name: '분수 자료' })
  ).json()) as {
    id: number;
  };
  const lessonItems = (await (
    await request('GET', `/api/v1/lesson/${items.lesson}/section/item`)
  ).json()) as {
    id: number;
    sectionId: number;
  }[];
  const firstItem = lessonItems[0];
  if (!firstItem) throw new Error('the lesson has no items');
  const letter = new FormData();
  letter.append('file', new Blob([await writeDocx(doc([paragraph('가정통신문 본문')]))]), '가정통신문.docx');
  const upload = (await (await request('POST', '/api/v1/hwp/upload', letter)).json()) as { fileUrl: string };
  const licence = await db
    .selectFrom('userLicense')
    .innerJoin('licenseKey', 'licenseKey.id', 'userLicense.licenseKeyId')
    .select('licenseKey.licenseKey')
    .where('userLicense.userId', '=', users.owner?.id ?? 0)
    .executeTakeFirstOrThrow();
  let applicants = 0;
  const postNotice = async (persona: MatrixPersona, scope: 'SCHOOL' | 'SERVICE', withFile = false) => {
    const body = new FormData();
    body.append(
      'data',
      JSON.stringify({ scope, title: `${scope} 공지`, bodyHtml: '<p>가정통신문을 확인해 주세요.</p>' }),
    );
    if (withFile) body.append('files', new Blob([PNG]), '안내.png');
    const response = await fetch(`${t.origin}/api/v1/board`, {
      method: 'POST',
      headers: await headersFor(persona),
      body,
    });
    if (response.status !== 201) throw new Error(`notice: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number; attachments: { id: number }[] };
  };
  const schoolNotice = await postNotice('adminHere', 'SCHOOL', true);
  const serviceNotice = await postNotice('superAdmin', 'SERVICE');

  return {
    origin: t.origin,
    users,
    schoolA: users.owner?.schoolId ?? 0,
    schoolB: users.otherSchool?.schoolId ?? 0,
    records: {
      items,
      publicItem,
      privateItem,
      shareToken: share.url.split('/').pop() ?? '',
      conversationId,
      messageId,
      fileId: file.file_id,
      folderId: folder.id,
      lesson: { id: items.lesson ?? 0, sectionId: firstItem.sectionId, itemId: firstItem.id },
    },
    cloneItem,
    async publicCopy(id: number) {
      const copy = await cloneItem(id);
      await db.updateTable('libraryItem').set({ visibility: 'PUBLIC' }).where('id', '=', copy).execute();
      return copy;
    },
    headersFor,
    notices: {
      school: schoolNotice.id,
      schoolAttachment: schoolNotice.attachments[0]?.id ?? 0,
      service: serviceNotice.id,
    },
    createSchoolNotice: async () => (await postNotice('adminHere', 'SCHOOL')).id,
    ownerLicenceKey: licence.licenseKey,
    ownerUpload: upload.fileUrl,
    async createFolder() {
      const folder = (await (
        await request('POST', '/api/v1/my-materials/folder', { name: '지울 폴더' })
      ).json()) as { id: number };
      return folder.id;
    },
    // issue 16
    async openEvent(slug: string) {
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
      await db
        .updateTable('siteEvent')
        .set({
          registrationOpensAt: day(-1),
          registrationClosesAt: day(10),
          startsAt: day(12),
          endsAt: day(13),
        })
        .where('slug', '=', slug)
        .execute();
    },
    async withoutTrialPlan() {
      await db.updateTable('license').set({ useYn: 'N' }).where('trialYn', '=', 'Y').execute();
    },
    demoPlanId: (await db.selectFrom('license').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    async createAccount(schoolId: number, roles: string[] = ['ROLE_TEACHER']) {
      const now = new Date().toISOString();
      const subject = randomUUID();
      const account = await db
        .insertInto('users')
        .values({
          username: `account${++applicants}_${Date.now().toString(36)}`,
          subject,
          passwordHash: null,
          name: '관리 대상 선생님',
          nickName: null,
          email: null,
          mobile: null,
          profile: null,
          code: null,
          schoolId,
          assignedGrade: null,
          title: null,
          enabled: 1,
          createdAt: now,
          updatedAt: now,
          roles: JSON.stringify(roles),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const sessionId = randomUUID();
      const loginTs = Math.floor(Date.now() / 1000);
      await db
        .insertInto('oidcPayload')
        .values({
          model: 'Session',
          id: randomUUID(),
          payload: JSON.stringify({
            accountId: subject,
            uid: sessionId,
            loginTs,
            exp: loginTs + 3600,
            authorizations: {},
          }),
          grantId: null,
          userCode: null,
          uid: sessionId,
          expiresAt: loginTs + 3600,
          consumedAt: null,
          accountId: subject,
        })
        .execute();
      return { id: account.id, sessionId };
    },
    async createMembershipRequest(schoolId: number) {
      const now = new Date().toISOString();
      const applicant = await db
        .insertInto('users')
        .values({
          username: `applicant${++applicants}_${Date.now().toString(36)}`,
          subject: randomUUID(),
          passwordHash: null,
          name: '가입 신청자',
          nickName: null,
          email: `applicant${applicants}@example.test`,
          mobile: null,
          profile: null,
          code: null,
          schoolId: null,
          assignedGrade: null,
          title: null,
          enabled: 1,
          createdAt: now,
          updatedAt: now,
          roles: JSON.stringify(['ROLE_TEACHER']),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const request = await db
        .insertInto('schoolMembershipRequest')
        .values({
          userId: applicant.id,
          schoolId,
          role: 'ROLE_TEACHER',
          status: 'PENDING',
          createdAt: now,
          decidedBy: null,
          decidedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return request.id;
    },
  };
}

/** The other school's administrator holds a licence like every demo account but `unlicensed`. */
async function giveLicence(t: TestApp, user: UserRow | undefined): Promise<void> {
  if (!user) return;
  const db = t.database.db;
  const licence = await db.selectFrom('license').select('id').executeTakeFirstOrThrow();
  const now = new Date();
  const key = await db
    .insertInto('licenseKey')
    .values({
      licenseId: licence.id,
      licenseKey: `MATRIX-${randomUUID()}`,
      groupName: null,
      status: 'USED',
      createdAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('userLicense')
    .values({
      userId: user.id,
      licenseKeyId: key.id,
      startAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
      tokenLimit: 0,
      tokenUsed: 0,
      tokenReserved: 0,
      status: 'ACTIVE',
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .execute();
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Valid forms of the studio tools created through `POST /api/v1/document/studio`. */
export const FORMS: Record<string, Record<string, unknown>> = {
  'group-play-plan': {
    type: 'GROUP_PLAY_PLAN',
    title: '3~4학년 협동놀이 운영 계획',
    grade: '3-4',
    season: 'SEMESTER_1',
    topic: 'NEW_CLASS,RAINY_DAY',
  },
  'group-play-lesson-plan': {
    type: 'GROUP_PLAY_LESSON_PLAN',
    title: '인간 매듭 풀기',
    grade: '5-6',
    topic: '인간 매듭 풀기',
  },
  'counsel-student': {
    type: 'COUNSEL_STUDENT',
    title: '1학기 학생 상담',
    studentName: '김민준',
    gender: 'MALE',
    counselSubject: 'STUDY',
    topic: '수업 중 과제를 끝내지 못함.',
    teacherIntervention: '과제 점검표를 함께 만듦.',
    futurePlan: '2주간 관찰',
  },
  'counsel-parent': {
    type: 'COUNSEL_PARENT',
    title: '학부모 상담 기록',
    studentName: '이서연',
    gender: 'FEMALE',
    relation: 'MOTHER',
    counselSubject: ['FAMILY'],
    topic: '학교 가기 싫어함.',
    parentOpinion: '걱정된다고 함.',
    teacherIntervention: '관계를 살피기로 함.',
  },
  'counsel-parent-script': {
    type: 'COUNSEL_PARENT_SCRIPT',
    title: '학부모 상담 시나리오',
    topic: 'STUDY_HABITS',
    schoolLevel: 'ELEMENTARY',
    season: 20,
  },
  'evaluation-plan': {
    title: '3학년 2학기 수학 평가계획',
    gradeSeq: 13,
    subjectSeq: 13004,
    semester: 2,
    curriculum: 2022,
    query: '분수 단원',
  },
  'meeting-minutes': {
    title: '제3회 학교운영위원회 회의록',
    principal: '최교장',
    chair: '한위원장',
    secretary: '문간사',
    teachers: '김교사',
    parents: '박학부모',
    topic: '수학여행 계획 심의',
    requestContent: '',
  },
  general: { query: '가을 운동회 계획서를 만들어 줘' },
  'parent-letter': { title: '현장 체험 학습 안내', topic: '3학년 현장 체험 학습', documentType: 'GUIDE' },
  // issue 21
  'class-group': {
    title: '과학 실험 모둠',
    students: [
      { name: '가온', gender: 'M', level: '상' },
      { name: '나래', gender: 'F', level: '중' },
      { name: '다솜', gender: 'F', level: '하' },
      { name: '라온', gender: 'M', level: '중' },
    ],
    constraints: { groupSize: 2, mixGender: true },
    seed: 7,
  },
  standard: {
    title: '분수 단원 성취기준',
    gradeSeq: 13,
    subjectSeq: 13004,
    text: '1. 똑같이 나누기로 분수의 뜻 알기\n2. 단위분수 비교하기',
  },
  webtoon: {
    title: '분수 웹툰',
    topic: '분수',
    gradeSeq: 13,
    facts: '분수는 전체를 똑같이 나눈 것 중의 부분이다.',
  },
  quiz: {
    title: '분수 형성평가',
    gradeSeq: 13,
    subjectSeq: 13004,
    material: '분수는 전체를 똑같이 나눈 것 중의 부분이다.\n단위분수는 분자가 1인 분수이다.',
    counts: { choice: 0, short: 1, ox: 1, matching: 0, essay: 0 },
  },
};
