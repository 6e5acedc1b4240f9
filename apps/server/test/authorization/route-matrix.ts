import { doc, paragraph, writeDocx } from '@ssaem/documents';
import { errorSignature } from '../../src/modules/error-reports/error-signature.ts';
import { CLASS_RECORD_ROWS } from './class-records-rows.ts';
import { EDUTECH_ROWS } from './edutech-rows.ts';
import { FORMS, type MatrixPersona, type MatrixWorld, PERSONAS, PNG } from './matrix-world.ts';
import { PARTNER_ROWS } from './partner-rows.ts';

/**
 * The authorization matrix: every route the server registers, tried as each of the ten personas,
 * with the status each must get. A route the server registers without rows here fails the build
 * (route-inventory.test.ts), so a new route cannot ship without saying who may call it.
 *
 * Rows are written against the owner's records: a SCHOOL-visibility, editable item of school A
 * made by `owner` (so colleagues read it, another school does not), unless a case says otherwise.
 * Statuses mean: 401 not signed in, 403 signed in but not allowed (role, licence, or a record
 * they may see but not change), 404 a record they may not see, or no such record.
 */
export type Expect = Record<MatrixPersona, number>;
export type Request = { url: string; body?: unknown };
export type Case = {
  label?: string;
  request: (w: MatrixWorld, persona: MatrixPersona) => Request | Promise<Request>;
  expect: Expect;
};
export type RouteRow = { route: string; cases: Case[] };

// ---- who gets what --------------------------------------------------------------------------

const all = (status: number): Expect =>
  Object.fromEntries(PERSONAS.map((persona) => [persona, status])) as Expect;
const who = (base: Expect, overrides: Partial<Expect>): Expect => ({ ...base, ...overrides });
/** Anyone signed in. */
const signedIn = (status: number) => who(all(status), { anonymous: 401 });
/** Teachers, school administrators and the super administrator: not students, not providers. */
const teachers = (status: number) => who(signedIn(status), { student: 403, provider: 403 });
/** Teachers holding a valid licence (the AI features, offline ones included). */
const licensed = (status: number) => who(teachers(status), { unlicensed: 403 });
/** The service-wide settings: the super administrator alone. */
const superAdminOnly = (status: number) => who(all(403), { anonymous: 401, superAdmin: status });
/** School administrators (for their own school) and the super administrator. */
const schoolAdmins = (status: number) =>
  who(all(403), { anonymous: 401, adminHere: status, adminElsewhere: status, superAdmin: status });
/** School A's own record: its administrators and the super administrator; school B's administrator does not see it. */
const schoolAOnly = (status: number) => who(schoolAdmins(status), { adminElsewhere: 404 });
/** Read the owner's SCHOOL item: school A's teachers and administrator, the super administrator to moderate. */
const readsSchoolItem = (status: number) => who(teachers(status), { otherSchool: 404, adminElsewhere: 404 });
/** Change the owner's item: the owner; those who can read it are refused; the rest do not see it. */
const creatorOnly = (status: number) => who(readsSchoolItem(403), { owner: status });
/** Remove the owner's SCHOOL item: the owner, school A's administrator, the super administrator. */
const removesSchoolItem = (status: number) =>
  who(creatorOnly(status), { adminHere: status, superAdmin: status });
/** Use it as a reader (like, bookmark, file, copy): those who can read it; the super administrator only moderates. */
const readerUse = (status: number) => who(readsSchoolItem(status), { superAdmin: 403 });
/** A record that belongs to the owner alone (a conversation, an upload, a folder). */
const ownerOnly = (status: number) => who(teachers(404), { owner: status });
/** Read school A's notice: its members (students too) and the super administrator; no one else sees it. */
const readsSchoolNotice = (status: number) =>
  who(all(404), {
    student: status,
    unlicensed: status,
    owner: status,
    sameSchool: status,
    adminHere: status,
    superAdmin: status,
  });
/** The owner's own account data: the owner, school A's administrator, the super administrator. */
const ownAccount = (status: number) =>
  who(signedIn(404), { owner: status, adminHere: status, superAdmin: status });

// ---- request helpers --------------------------------------------------------------------------

/** YYYY-MM-DD, `days` from today (UTC). */
const today = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fixed = (url: string, body?: unknown) => () => ({ url, ...(body === undefined ? {} : { body }) });
const item = (slug: string) => (w: MatrixWorld) => w.records.items[slug] ?? 0;
const freshItem = (slug: string) => (w: MatrixWorld) => w.cloneItem(item(slug)(w));

function form(
  fields: Record<string, unknown>,
  files: Record<string, { bytes: Uint8Array; name: string }> = {},
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    data.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const [name, file] of Object.entries(files)) data.append(name, new Blob([file.bytes]), file.name);
  return data;
}
const png = () => form({}, { image: { bytes: PNG, name: 'dot.png' } });
let letterDocx: Uint8Array | undefined;
async function docxForm(field = 'file') {
  letterDocx ??= await writeDocx(doc([paragraph('가정통신문 본문')]));
  return form({}, { [field]: { bytes: letterDocx, name: '가정통신문.docx' } });
}
const documentBody = { document: doc([paragraph('고친 본문')]) };

// ---- the document tools, family by family ----------------------------------------------------

type Family = {
  slug: string;
  base: string;
  /** Where and what to POST to make one (JSON). */
  create: { path: string; body: Record<string, unknown> }[];
  aliases?: string[];
  copy?: boolean;
  /** The family's own update route(s) (path pattern, body). */
  updates: { route: string; path: (id: number) => string; body: unknown; ok?: number }[];
};

const PRIVATE = { accessLevel: 'PRIVATE' };
/** A studio document re-made with a changed form: accepted (202) and made again as a job. */
const studioUpdate = (slug: string, body: unknown) => ({
  route: `PUT /api/v1/document/studio/${slug}/:id`,
  path: (id: number) => `/api/v1/document/studio/${slug}/${id}`,
  body,
  ok: 202,
});

const FAMILIES: Family[] = [
  {
    slug: 'summary',
    base: '/api/v1/summary',
    create: [
      {
        path: '/api/v1/summary',
        body: {
          ...PRIVATE,
          title: '요약',
          summaryType: 'TEXT_SUMMARY',
          inputText: '식물은 빛으로 양분을 만든다.',
        },
      },
    ],
    aliases: ['/api/v1/summary/library/:id'],
    updates: [
      {
        route: 'PUT /api/v1/summary/library/:id',
        path: (id) => `/api/v1/summary/library/${id}`,
        body: { title: '고친 요약' },
      },
    ],
  },
  {
    slug: 'text-correction',
    base: '/api/v1/text-correction',
    create: [
      {
        path: '/api/v1/text-correction',
        body: { ...PRIVATE, title: '검사', useManualType: 'TEXT', userText: '오늘은 맑다.' },
      },
    ],
    aliases: ['/api/v1/text-correction/library/:id'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/text-correction/:id',
        path: (id) => `/api/v1/text-correction/${id}`,
        body: { title: '고친 검사' },
      },
    ],
  },
  {
    slug: 'feedback',
    base: '/api/v1/feedback',
    create: [
      {
        path: '/api/v1/feedback',
        body: { ...PRIVATE, title: '피드백', targetContent: '나는 책 읽는 것을 좋아한다.' },
      },
    ],
    aliases: ['/api/v1/feedback/library/:id'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/feedback/:id',
        path: (id) => `/api/v1/feedback/${id}`,
        body: { teacherFeedback: '잘했어요.' },
      },
    ],
  },
  {
    slug: 'lesson',
    base: '/api/v1/lesson',
    create: [
      {
        path: '/api/v1/lesson',
        body: {
          ...PRIVATE,
          title: '분수',
          gradeSeq: 13,
          subjectSeq: 13004,
          curriculum: 2022,
          query: '분수의 뜻',
          provider: 'imagen',
        },
      },
    ],
    aliases: ['/api/v1/lesson/library/:id'],
    updates: [
      { route: 'PUT /api/v1/lesson/:id', path: (id) => `/api/v1/lesson/${id}`, body: { title: '고친 수업' } },
    ],
  },
  {
    slug: 'evaluation-plan',
    base: '/api/v1/document/studio/evaluation-plan',
    create: [
      { path: '/api/v1/document/evaluation-plans', body: { ...PRIVATE, ...FORMS['evaluation-plan'] } },
      { path: '/api/v1/hwp/generate/evaluation-plans', body: { ...PRIVATE, ...FORMS['evaluation-plan'] } },
    ],
    copy: true,
    updates: [
      studioUpdate('evaluation-plan', FORMS['evaluation-plan']),
      {
        route: 'PUT /api/v1/document/library/:id/evaluation-plans',
        path: (id) => `/api/v1/document/library/${id}/evaluation-plans`,
        body: FORMS['evaluation-plan'],
        ok: 202,
      },
    ],
  },
  {
    slug: 'meeting-minutes',
    base: '/api/v1/document/studio/meeting-minutes',
    create: [{ path: '/api/v1/document/meeting-minutes', body: { ...PRIVATE, ...FORMS['meeting-minutes'] } }],
    copy: true,
    updates: [studioUpdate('meeting-minutes', FORMS['meeting-minutes'])],
  },
  {
    slug: 'general',
    base: '/api/v1/document/studio/general',
    create: [
      { path: '/api/v1/document/generate', body: { ...PRIVATE, ...FORMS.general } },
      { path: '/api/v1/hwp/generate/plans', body: { ...PRIVATE, ...FORMS.general } },
    ],
    copy: true,
    updates: [studioUpdate('general', FORMS.general)],
  },
  {
    slug: 'parent-letter',
    base: '/api/v1/document/studio/parent-letter',
    create: [
      { path: '/api/v1/document/letter', body: { ...PRIVATE, ...FORMS['parent-letter'] } },
      { path: '/generate/hwp/letter_document', body: { ...PRIVATE, ...FORMS['parent-letter'] } },
    ],
    copy: true,
    updates: [
      studioUpdate('parent-letter', FORMS['parent-letter']),
      {
        route: 'PUT /api/v1/document/library/:id/letter',
        path: (id) => `/api/v1/document/library/${id}/letter`,
        body: FORMS['parent-letter'],
        ok: 202,
      },
    ],
  },
  ...(
    [
      'group-play-plan',
      'group-play-lesson-plan',
      'counsel-student',
      'counsel-parent',
      'counsel-parent-script',
    ] as const
  ).map(
    (slug): Family => ({
      slug,
      base: `/api/v1/document/studio/${slug}`,
      create: [],
      copy: true,
      updates: [studioUpdate(slug, FORMS[slug])],
    }),
  ),
  // issue 21
  {
    slug: 'class-group',
    base: '/api/v1/class-group',
    create: [{ path: '/api/v1/class-group', body: { ...PRIVATE, ...FORMS['class-group'] } }],
    aliases: ['/api/v1/class-group/library/:id'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/class-group/:id',
        path: (id) => `/api/v1/class-group/${id}`,
        body: { title: '고친 모둠' },
      },
    ],
  },
  {
    slug: 'standard',
    base: '/api/v1/standard',
    create: ['/api/v1/standard', '/api/v1/standard/create'].map((path) => ({
      path,
      body: { ...PRIVATE, ...FORMS.standard },
    })),
    aliases: ['/api/v1/standard/library/:id'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/standard/:id',
        path: (id) => `/api/v1/standard/${id}`,
        body: { title: '고친 성취기준' },
      },
    ],
  },
  {
    slug: 'webtoon',
    base: '/api/v1/webtoon',
    create: ['/api/v1/webtoon', '/generate/webtoon', '/openai/generate/webtoon'].map((path) => ({
      path,
      body: { ...PRIVATE, ...FORMS.webtoon },
    })),
    aliases: ['/api/v1/webtoon/library/:id', '/api/v1/webtoon/:id/svg'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/webtoon/:id',
        path: (id) => `/api/v1/webtoon/${id}`,
        body: { title: '고친 웹툰' },
      },
    ],
  },
  {
    slug: 'quiz',
    base: '/api/v1/quiz',
    create: [{ path: '/api/v1/quiz', body: { ...PRIVATE, ...FORMS.quiz } }],
    aliases: ['/api/v1/quiz/library/:id'],
    copy: true,
    updates: [
      {
        route: 'PUT /api/v1/quiz/:id',
        path: (id) => `/api/v1/quiz/${id}`,
        body: { title: '고친 형성평가' },
      },
    ],
  },
];

function familyRows(family: Family): RouteRow[] {
  const rows: RouteRow[] = [
    {
      route: `GET ${family.base}/list`,
      cases: [{ request: fixed(`${family.base}/list`), expect: teachers(200) }],
    },
    ...[`${family.base}/:id`, ...(family.aliases ?? [])].map((pattern) => ({
      route: `GET ${pattern}`,
      cases: [
        {
          request: (w: MatrixWorld) => ({ url: pattern.replace(':id', String(item(family.slug)(w))) }),
          expect: readsSchoolItem(200),
        },
      ],
    })),
    {
      route: `POST ${family.base}/:id/re-create`,
      cases: [
        {
          request: async (w) => ({ url: `${family.base}/${await freshItem(family.slug)(w)}/re-create` }),
          expect: creatorOnly(200),
        },
      ],
    },
    {
      route: `DELETE ${family.base}/:id`,
      cases: [
        {
          label: 'SCHOOL item',
          request: async (w) => ({ url: `${family.base}/${await freshItem(family.slug)(w)}` }),
          expect: removesSchoolItem(200),
        },
        {
          // Everyone reads a PUBLIC item; only its own school's administrator may remove it.
          label: 'PUBLIC item',
          request: async (w) => ({ url: `${family.base}/${await w.publicCopy(item(family.slug)(w))}` }),
          expect: who(teachers(403), { owner: 200, adminHere: 200, superAdmin: 200 }),
        },
      ],
    },
    ...family.updates.map((update) => ({
      route: update.route,
      cases: [
        {
          request: async (w: MatrixWorld) => ({
            url: update.path(await freshItem(family.slug)(w)),
            body: update.body,
          }),
          expect: creatorOnly(update.ok ?? 200),
        },
      ],
    })),
    ...family.create.map((create) => ({
      route: `POST ${create.path}`,
      cases: [{ request: fixed(create.path, create.body), expect: licensed(201) }],
    })),
  ];
  if (family.copy) {
    rows.push({
      route: `POST ${family.base}/copy`,
      cases: [
        {
          request: (w) => ({ url: `${family.base}/copy`, body: { id: item(family.slug)(w) } }),
          expect: readerUse(201),
        },
      ],
    });
  }
  return rows;
}

// ---- every route ------------------------------------------------------------------------------

const lesson = (w: MatrixWorld) => w.records.lesson;
const freshLesson = async (w: MatrixWorld) => ({ ...lesson(w), id: await w.cloneItem(lesson(w).id) });
const conversation = (w: MatrixWorld) => w.records.conversationId;
let chatCount = 0;
/** A conversation of the owner's own, made for a route that removes it. */
async function freshConversation(w: MatrixWorld): Promise<string> {
  const response = await fetch(`${w.origin}/api/agents/chat/openAI`, {
    method: 'POST',
    headers: { ...(await w.headersFor('owner')), 'content-type': 'application/json' },
    body: JSON.stringify({ text: `지울 대화 ${++chatCount}` }),
  });
  const text = await response.text();
  return /"conversationId":"([0-9a-f-]{36})"/.exec(text)?.[1] ?? '';
}

/** A fresh assistant thread of the owner's about a copy of the webtoon (the matrix item). */
async function ownerThread(w: MatrixWorld): Promise<string> {
  const response = await fetch(`${w.origin}/openai/generate/thread`, {
    method: 'POST',
    headers: { ...(await w.headersFor('owner')), 'content-type': 'application/json' },
    body: JSON.stringify({ toolType: 'WEBTOON', libraryId: await freshItem('webtoon')(w) }),
  });
  return ((await response.json()) as { id: string }).id;
}

/** The assistant's calls: the web app's names and the AI host's. */
const ASSISTANT_PATHS = [
  ['/api/v1/assistant/threads', '/api/v1/assistant/threads', '/api/v1/assistant/stream'],
  ['/openai/generate/thread', '/openai/generate/thread', '/openai/generate/stream'],
] as const;

// issue 21: the AI host's aliases of the tools, 모둠 편성's own calls.
const AI_HOST_ALIASES: { path: string; body: Record<string, unknown> }[] = [
  ...['/generate/feedback', '/openai/generate/feedback'].map((path) => ({
    path,
    body: { ...PRIVATE, title: '피드백', targetContent: '나는 책 읽는 것을 좋아한다.' },
  })),
  ...['/generate/summary', '/openai/generate/summary'].map((path) => ({
    path,
    body: {
      ...PRIVATE,
      title: '요약',
      summaryType: 'TEXT_SUMMARY',
      inputText: '식물은 빛으로 양분을 만든다.',
    },
  })),
  ...[
    '/generate/TextCorrection',
    '/openai/generate/TextCorrection',
    '/generate/spelling-check',
    '/openai/generate/spelling-check',
  ].map((path) => ({
    path,
    body: { ...PRIVATE, title: '검사', useManualType: 'TEXT', userText: '오늘은 맑다.' },
  })),
];
const ISSUE_21_ROWS: RouteRow[] = [
  ...['web_search', 'image_search', 'gif_image_search', 'youtube_search', 'edutech_search'].map((name) => ({
    route: `POST /openai/${name}`,
    cases: [{ request: fixed(`/openai/${name}`, { query: '광합성' }), expect: licensed(200) }],
  })),
  ...['/generate/text', '/openai/generate/text'].map((path) => ({
    route: `POST ${path}`,
    cases: [{ request: fixed(path, { ...PRIVATE, ...FORMS.general }), expect: licensed(201) }],
  })),
  ...AI_HOST_ALIASES.map(({ path, body }) => ({
    route: `POST ${path}`,
    cases: [{ request: fixed(path, body), expect: licensed(201) }],
  })),
  {
    route: 'POST /api/v1/class-group/generate/ClassGroup',
    cases: [
      {
        request: fixed('/api/v1/class-group/generate/ClassGroup', {
          text: '두 명씩, 가온과 나래는 떨어뜨려 주세요',
          names: ['가온', '나래', '다솜', '라온'],
        }),
        expect: licensed(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/webtoon/:id/export',
    cases: [
      {
        // Who may download does not depend on the format; SVG is the quick one to draw ten times.
        request: (w: MatrixWorld) => ({ url: `/api/v1/webtoon/${item('webtoon')(w)}/export?format=svg` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/webtoon/images/:file',
    cases: [
      {
        label: 'no such picture',
        request: fixed('/api/v1/webtoon/images/00000000-0000-0000-0000-000000000000.png'),
        expect: all(404),
      },
    ],
  },
  ...ASSISTANT_PATHS.flatMap(([threads, thread, stream]) => [
    {
      route: `POST ${threads}`,
      cases: [
        {
          request: async (w: MatrixWorld) => ({
            url: threads,
            body: { toolType: 'WEBTOON', libraryId: await freshItem('webtoon')(w) },
          }),
          expect: who(readsSchoolItem(201), { unlicensed: 403 }),
        },
      ],
    },
    {
      route: `GET ${thread}/:id`,
      cases: [
        {
          request: async (w: MatrixWorld) => ({ url: `${thread}/${await ownerThread(w)}` }),
          expect: ownerOnly(200),
        },
      ],
    },
    {
      route: `POST ${stream}`,
      cases: [
        {
          request: async (w: MatrixWorld) => ({
            url: stream,
            body: {
              message: '2컷 대사를 더 쉽게 바꿔 줘',
              toolType: 'WEBTOON',
              thread_id: await ownerThread(w),
            },
          }),
          expect: ownerOnly(200),
        },
      ],
    },
  ]),
  {
    route: 'GET /api/v1/class-group/:id/export',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/class-group/${item('class-group')(w)}/export` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/quiz/:id/export',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/quiz/${item('quiz')(w)}/export?format=hwpx&sheet=answers` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
];

export const ROUTE_MATRIX: RouteRow[] = [
  // Classes, rosters, student records, the access log and users batch create.
  ...CLASS_RECORD_ROWS,
  // issue 17: the edutech catalogue, licences in use, recommendations and vendors.
  ...EDUTECH_ROWS,
  // issue 16: partner products and their sign-in by token exchange.
  ...PARTNER_ROWS,
  // Operations, the API document and the web app: open to everyone.
  ...['/healthz', '/readyz'].map((url) => ({
    route: `GET ${url}`,
    cases: [{ request: fixed(url), expect: all(200) }],
  })),
  ...['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-initializer.js'].map(
    (url) => ({ route: `GET ${url}`, cases: [{ request: fixed(url), expect: all(200) }] }),
  ),
  {
    route: 'GET /api/docs/static/index.html',
    cases: [{ request: fixed('/api/docs/static/index.html'), expect: all(302) }],
  },
  {
    route: 'GET /api/docs/static/*',
    cases: [{ request: fixed('/api/docs/static/swagger-ui.css'), expect: all(200) }],
  },
  { route: 'GET /', cases: [{ request: fixed('/'), expect: all(200) }] },
  { route: 'GET /*', cases: [{ request: fixed('/v2/library/list'), expect: all(200) }] },

  // The embedded provider's login pages and userinfo.
  {
    route: 'GET /interaction/assets/logout.js',
    cases: [{ request: fixed('/interaction/assets/logout.js'), expect: all(200) }],
  },
  {
    route: 'GET /interaction/:uid',
    cases: [{ label: 'no such interaction', request: fixed('/interaction/unknown-uid'), expect: all(400) }],
  },
  {
    route: 'GET /interaction/:uid/reset',
    cases: [
      { label: 'no such interaction', request: fixed('/interaction/unknown-uid/reset'), expect: all(400) },
    ],
  },
  ...['email-code', 'code', 'reset', 'reset/confirm'].map((step) => ({
    route: `POST /interaction/:uid/${step}`,
    cases: [
      {
        label: 'no such interaction',
        request: fixed(`/interaction/unknown-uid/${step}`, {}),
        expect: all(400),
      },
    ],
  })),
  {
    route: 'POST /interaction/:uid/login',
    cases: [
      {
        label: 'no such interaction',
        request: fixed('/interaction/unknown-uid/login', {}),
        expect: all(400),
      },
    ],
  },
  ...['GET', 'POST'].map((method) => ({
    route: `${method} /realms/ssaem/protocol/openid-connect/userinfo`,
    cases: [
      {
        request: fixed('/realms/ssaem/protocol/openid-connect/userinfo', method === 'POST' ? {} : undefined),
        expect: signedIn(200),
      },
    ],
  })),

  // Reference data: open data, read by the sign-up form before anyone is signed in.
  {
    route: 'GET /api/v1/public/auth-config',
    cases: [{ request: fixed('/api/v1/public/auth-config'), expect: all(200) }],
  },
  {
    route: 'GET /api/v1/public/schools',
    cases: [{ request: fixed('/api/v1/public/schools?searchText=%EA%B0%80%EB%9D%BD'), expect: all(200) }],
  },
  { route: 'GET /api/v1/code', cases: [{ request: fixed('/api/v1/code'), expect: all(200) }] },
  { route: 'GET /api/v1/code/:id', cases: [{ request: fixed('/api/v1/code/13'), expect: all(200) }] },
  {
    route: 'GET /api/v1/standards',
    cases: [{ request: fixed('/api/v1/standards?gradeSeq=13&subjectSeq=13004'), expect: all(200) }],
  },
  {
    route: 'GET /api/v1/publishers/grade/:grade',
    cases: [{ request: fixed('/api/v1/publishers/grade/13?subjectSeq=13004&semester=1'), expect: all(200) }],
  },
  {
    route: 'POST /api/v1/error-reports',
    cases: [
      {
        request: fixed('/api/v1/error-reports', {
          errorMessage: 'TypeError: x is undefined',
          errorUrl: '/v2/chat',
        }),
        expect: all(201),
      },
    ],
  },

  // Accounts.
  {
    route: 'GET /api/v1/users/info',
    cases: [{ request: fixed('/api/v1/users/info'), expect: signedIn(200) }],
  },
  {
    // Each section keeps its own endpoint's rule inside; the dashboard itself is for anyone signed in.
    route: 'GET /api/v1/dashboard',
    cases: [{ request: fixed('/api/v1/dashboard'), expect: signedIn(200) }],
  },
  {
    route: 'PUT /api/v1/users/info',
    cases: [{ request: fixed('/api/v1/users/info', { nickName: '별명' }), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/v1/users/invitations',
    cases: [
      {
        label: 'into school A',
        request: (w) => ({
          url: '/api/v1/users/invitations',
          body: { email: 'new@example.test', schoolId: w.schoolA },
        }),
        expect: who(schoolAdmins(201), { adminElsewhere: 403 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/school-requests',
    cases: [{ request: fixed('/api/v1/users/school-requests'), expect: schoolAdmins(200) }],
  },
  ...(['approve', 'reject'] as const).map((action) => ({
    route: `POST /api/v1/users/school-requests/:id/${action}`,
    cases: [
      {
        label: 'a request to join school A',
        request: async (w: MatrixWorld) => ({
          url: `/api/v1/users/school-requests/${await w.createMembershipRequest(w.schoolA)}/${action}`,
        }),
        expect: schoolAOnly(200),
      },
    ],
  })),
  {
    route: 'GET /api/v1/schools/:schoolId/email-domains',
    cases: [
      { request: (w) => ({ url: `/api/v1/schools/${w.schoolA}/email-domains` }), expect: schoolAOnly(200) },
    ],
  },
  {
    route: 'PUT /api/v1/schools/:schoolId/email-domains',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/schools/${w.schoolA}/email-domains`,
          body: { domains: ['garak.es.kr'] },
        }),
        expect: schoolAOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/public/name-exists',
    cases: [{ request: fixed('/api/v1/users/public/name-exists?username=teacher'), expect: all(200) }],
  },
  {
    route: 'POST /api/v1/users/public/send-verification',
    cases: [
      {
        request: (_w, persona) => ({
          url: '/api/v1/users/public/send-verification',
          body: { email: `${persona}.new@example.test`, purpose: 'SIGNUP' },
        }),
        expect: all(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/users/public/verification',
    cases: [
      {
        label: 'a wrong code',
        request: fixed('/api/v1/users/public/verification', {
          email: 'someone@example.test',
          purpose: 'SIGNUP',
          code: '000000',
        }),
        expect: all(400),
      },
    ],
  },
  {
    route: 'POST /api/v1/users/public/signup',
    cases: [
      {
        label: 'an unverified e-mail',
        request: (w) => ({
          url: '/api/v1/users/public/signup',
          body: {
            username: 'matrixuser',
            password: 'safe-pass-42',
            name: '새교사',
            email: 'm@example.test',
            schoolId: w.schoolA,
            verificationToken: 'x'.repeat(40),
          },
        }),
        expect: all(400),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/public/signup/parse-token',
    cases: [
      {
        label: 'a forged invitation',
        request: fixed(`/api/v1/users/public/signup/parse-token?token=${'x'.repeat(40)}`),
        expect: all(404),
      },
    ],
  },
  {
    route: 'POST /api/v1/users/public/find-id',
    cases: [
      {
        label: 'an unverified e-mail',
        request: fixed('/api/v1/users/public/find-id', {
          email: 'm@example.test',
          verificationToken: 'x'.repeat(40),
        }),
        expect: all(400),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/public/school-grades/:schoolId',
    cases: [
      { request: (w) => ({ url: `/api/v1/users/public/school-grades/${w.schoolA}` }), expect: all(200) },
    ],
  },

  // Licences.
  ...[
    '/api/v1/user-license/my-list',
    '/api/v1/user-license/my/nearest-end',
    '/api/v1/user-license/check-validity',
  ].map((url) => ({
    route: `GET ${url}`,
    cases: [{ request: fixed(url), expect: signedIn(200) }],
  })),
  {
    route: 'POST /api/v1/user-license',
    cases: [
      {
        label: 'an unknown key',
        request: fixed('/api/v1/user-license', { licenseKey: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' }),
        expect: signedIn(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/user-license/trial',
    cases: [{ request: fixed('/api/v1/user-license/trial'), expect: signedIn(200) }],
  },
  {
    route: 'POST /api/v1/user-license/trial',
    cases: [
      {
        label: 'no plan offered as the trial',
        request: async (w) => {
          await w.withoutTrialPlan();
          return { url: '/api/v1/user-license/trial' };
        },
        expect: teachers(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/license',
    cases: [{ request: fixed('/api/v1/license'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/license',
    cases: [
      {
        request: fixed('/api/v1/license', { name: '학교 연간 요금제', periodDays: 365, tokenLimit: 0 }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/license/:id',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/license/${w.demoPlanId}`,
          body: { description: '데모 계정용 라이선스' },
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/license/:id/use-yn',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/license/${w.demoPlanId}/use-yn`, body: { useYn: 'Y' } }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/license-key',
    cases: [{ request: fixed('/api/v1/license-key?groupName=demo'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/license-key',
    cases: [
      {
        request: (w) => ({ url: '/api/v1/license-key', body: { licenseId: w.demoPlanId } }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/license-key/groups',
    cases: [{ request: fixed('/api/v1/license-key/groups'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/license-key/batch',
    cases: [
      {
        // A group of its own per persona: only the super administrator's is made.
        request: (w, persona) => ({
          url: '/api/v1/license-key/batch',
          body: { licenseId: w.demoPlanId, groupName: `matrix-${persona}`, count: 2 },
        }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/license-key/groups/:name/keys',
    cases: [{ request: fixed('/api/v1/license-key/groups/demo/keys'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/license-key/groups/:name/send-email',
    cases: [
      {
        label: 'the group the batch row made',
        request: fixed('/api/v1/license-key/groups/matrix-superAdmin/send-email', {
          emails: ['teacher@school.example'],
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/license-key/groups/:name/revoke',
    cases: [
      {
        label: 'the group the batch row made',
        request: fixed('/api/v1/license-key/groups/matrix-superAdmin/revoke'),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/user-license',
    cases: [
      {
        label: "the owner's history",
        request: (w) => ({ url: `/api/v1/user-license?userId=${w.users.owner?.id}` }),
        expect: ownAccount(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/public/contact',
    cases: [
      {
        request: fixed('/api/v1/public/contact', {
          organization: '서울가락초등학교',
          name: '김담당',
          email: 'office@school.example',
          kind: 'PURCHASE',
          message: '학교 전체 도입 견적을 받고 싶습니다.',
          consent: true,
        }),
        expect: all(201),
      },
    ],
  },
  // issue 18: the event pages
  {
    route: 'GET /api/v1/public/events',
    cases: [{ request: fixed('/api/v1/public/events'), expect: all(200) }],
  },
  {
    route: 'GET /api/v1/public/events/:slug',
    cases: [{ request: fixed('/api/v1/public/events/fair2025'), expect: all(200) }],
  },
  {
    route: 'POST /api/v1/public/events/:slug/registrations',
    cases: [
      {
        // Anyone may register, once per e-mail: each persona with its own address.
        request: async (w, persona) => {
          await w.openEvent('fair2025');
          return {
            url: '/api/v1/public/events/fair2025/registrations',
            body: {
              name: '김참가',
              schoolId: w.schoolA,
              email: `${persona}@event.example`,
              attendees: 1,
              consent: true,
            },
          };
        },
        expect: all(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/admin/events/:slug',
    cases: [
      { request: fixed('/api/v1/admin/events/arena2025', { capacity: 130 }), expect: superAdminOnly(200) },
    ],
  },
  {
    route: 'GET /api/v1/admin/events/:slug/registrations',
    cases: [{ request: fixed('/api/v1/admin/events/fair2025/registrations'), expect: superAdminOnly(200) }],
  },
  {
    route: 'GET /api/v1/admin/events/:slug/registrations/export',
    cases: [
      { request: fixed('/api/v1/admin/events/fair2025/registrations/export'), expect: superAdminOnly(200) },
    ],
  },
  {
    route: 'GET /api/v1/users/license-check/:userId',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/users/license-check/${w.users.owner?.id}` }),
        expect: ownAccount(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/license-check/:userId/:licenseKey',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/users/license-check/${w.users.owner?.id}/${w.ownerLicenceKey}` }),
        expect: ownAccount(200),
      },
    ],
  },

  // Chat uploads.
  ...['/api/v1/files/upload', '/api/files', '/api/v1/files/upload/images', '/api/files/images'].map(
    (url) => ({
      route: `POST ${url}`,
      cases: [{ request: () => ({ url, body: png() }), expect: teachers(201) }],
    }),
  ),
  {
    route: 'GET /api/v1/files/processing/status/:id',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/files/processing/status/${w.records.fileId}` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/files/processing/cancel/:id',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/files/processing/cancel/${w.records.fileId}` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/files/:id/content',
    cases: [
      { request: (w) => ({ url: `/api/v1/files/${w.records.fileId}/content` }), expect: ownerOnly(200) },
    ],
  },

  // The library.
  {
    route: 'GET /api/v1/library/search',
    cases: [{ request: fixed('/api/v1/library/search?keyword=%EB%B6%84%EC%88%98'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/library/recent/:x',
    cases: [{ request: fixed('/api/v1/library/recent/5'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/library/shared/recent/:x',
    cases: [{ request: fixed('/api/v1/library/shared/recent/5'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/library/bookmark/list',
    cases: [{ request: fixed('/api/v1/library/bookmark/list'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/library/:id',
    cases: [
      {
        label: 'SCHOOL item',
        request: (w) => ({ url: `/api/v1/library/${item('summary')(w)}` }),
        expect: readsSchoolItem(200),
      },
      {
        label: 'PRIVATE item',
        request: (w) => ({ url: `/api/v1/library/${w.records.privateItem}` }),
        expect: who(teachers(404), { owner: 200, superAdmin: 200 }),
      },
      {
        label: 'PUBLIC item',
        request: (w) => ({ url: `/api/v1/library/${w.records.publicItem}` }),
        expect: teachers(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/library/status/:id',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/library/status/${await freshItem('summary')(w)}`,
          body: { status: 3 },
        }),
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/library/:id/complete',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/library/${await freshItem('summary')(w)}/complete` }),
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/library/:id/access-setting',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/library/${await freshItem('summary')(w)}/access-setting`,
          body: { visibility: 'PRIVATE', editable: false },
        }),
        expect: creatorOnly(200),
      },
    ],
  },
  ...(['like', 'bookmark'] as const).flatMap((reaction) =>
    (['POST', 'DELETE'] as const).map((method) => ({
      route: `${method} /api/v1/library/${reaction}/:id`,
      cases: [
        {
          label: 'SCHOOL item',
          request: (w: MatrixWorld) => ({ url: `/api/v1/library/${reaction}/${item('summary')(w)}` }),
          expect: readerUse(200),
        },
        {
          label: 'PRIVATE item',
          request: (w: MatrixWorld) => ({ url: `/api/v1/library/${reaction}/${w.records.privateItem}` }),
          expect: who(teachers(404), { owner: 200, superAdmin: 403 }),
        },
      ],
    })),
  ),
  ...(['share-link', 'qr-code'] as const).map((action) => ({
    route: `POST /api/v1/library/:id/${action}`,
    cases: [
      {
        label: 'PUBLIC item',
        request: (w: MatrixWorld) => ({ url: `/api/v1/library/${w.records.publicItem}/${action}` }),
        expect: teachers(200),
      },
    ],
  })),
  {
    route: 'POST /api/v1/library/:seq/copy',
    cases: [
      { request: (w) => ({ url: `/api/v1/library/${item('summary')(w)}/copy` }), expect: readerUse(201) },
    ],
  },
  {
    route: 'GET /api/v1/public/library/:token',
    cases: [
      { request: (w) => ({ url: `/api/v1/public/library/${w.records.shareToken}` }), expect: all(200) },
    ],
  },

  // My Materials.
  ...['/api/v1/my-materials', '/api/v1/my-materials/library', '/api/v1/my-materials/folder'].map((url) => ({
    route: `GET ${url}`,
    cases: [{ request: fixed(url), expect: teachers(200) }],
  })),
  {
    route: 'POST /api/v1/my-materials/folder',
    cases: [{ request: fixed('/api/v1/my-materials/folder', { name: '새 폴더' }), expect: teachers(201) }],
  },
  {
    route: 'PUT /api/v1/my-materials/folder/:id',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/my-materials/folder/${w.records.folderId}`,
          body: { name: '이름 바꾼 폴더' },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/my-materials/folder/:id',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/my-materials/folder/${await w.createFolder()}?deleteType=MOVE_TO_ROOT`,
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/my-materials/folder-library',
    cases: [
      {
        request: (w) => ({
          url: '/api/v1/my-materials/folder-library',
          body: { folderId: null, libraryIds: [item('summary')(w)] },
        }),
        expect: readerUse(200),
      },
    ],
  },

  // Documents.
  {
    route: 'POST /api/v1/hwp/upload',
    cases: [
      { request: async () => ({ url: '/api/v1/hwp/upload', body: await docxForm() }), expect: teachers(200) },
    ],
  },
  {
    route: 'POST /api/v1/hwp/conversion/html',
    cases: [
      {
        request: async () => ({ url: '/api/v1/hwp/conversion/html', body: await docxForm() }),
        expect: teachers(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/hwp/download',
    cases: [
      {
        label: "the owner's upload",
        request: (w) => ({ url: `/api/v1/hwp/download?fileUrl=${encodeURIComponent(w.ownerUpload)}` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/document/library/:id/export',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/document/library/${item('parent-letter')(w)}/export?format=hwpx` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/document/export',
    cases: [
      {
        request: fixed('/api/v1/document/export', {
          title: '저장하지 않은 문서',
          format: 'hwpx',
          ...documentBody,
        }),
        expect: teachers(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/document/library/:id/lesson',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/document/library/${lesson(w).id}/lesson` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/document/library/:id',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/document/library/${item('parent-letter')(w)}` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/document/library/:id',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/document/library/${await freshItem('parent-letter')(w)}`,
          body: documentBody,
        }),
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/document/library',
    cases: [
      {
        request: fixed('/api/v1/document/library', { title: '새 문서', ...documentBody }),
        expect: teachers(201),
      },
    ],
  },
  {
    route: 'GET /api/subscribe/:userId/:id',
    cases: [
      {
        label: "each caller's own id, the owner's item",
        request: (w, persona) => ({
          url: `/api/subscribe/${(w.users[persona] ?? w.users.owner)?.id}/${item('summary')(w)}?timeout=1000`,
        }),
        expect: who(signedIn(404), { owner: 200 }),
      },
    ],
  },

  // The tool catalogue and the system prompts: read by everyone signed in, changed by the super administrator.
  { route: 'GET /api/v1/tool/list', cases: [{ request: fixed('/api/v1/tool/list'), expect: signedIn(200) }] },
  { route: 'GET /api/v1/tool/:id', cases: [{ request: fixed('/api/v1/tool/1'), expect: signedIn(200) }] },
  {
    route: 'POST /api/v1/tool',
    cases: [
      {
        request: (_w, persona) => ({
          url: '/api/v1/tool',
          body: {
            codeName: `MATRIX_${persona.toUpperCase()}`,
            colour: '#112233',
            icon: 'star',
            labelKo: '새 도구',
            labelEn: 'New tool',
            route: 'new-tool',
          },
        }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/tool/:id',
    cases: [
      {
        request: fixed('/api/v1/tool/1', { descriptionEn: 'A lesson plan from a goal' }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/tool/:id/parent',
    cases: [{ request: fixed('/api/v1/tool/1/parent', { parentId: null }), expect: superAdminOnly(200) }],
  },
  {
    route: 'PUT /api/v1/tool/:id/order',
    cases: [{ request: fixed('/api/v1/tool/1/order', { sort: 1 }), expect: superAdminOnly(200) }],
  },
  {
    route: 'GET /api/v1/ai/prompt',
    cases: [{ request: fixed('/api/v1/ai/prompt'), expect: superAdminOnly(200) }],
  },
  {
    route: 'GET /api/v1/ai/prompt/:seq',
    cases: [{ request: fixed('/api/v1/ai/prompt/8'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/ai/prompt',
    cases: [
      {
        request: fixed('/api/v1/ai/prompt', {
          name: '시험 프롬프트',
          systemPrompt: '시험용 시스템 프롬프트입니다. 스무 글자를 넘깁니다.',
        }),
        expect: superAdminOnly(201),
      },
    ],
  },
  {
    route: 'PUT /api/v1/ai/prompt/:seq',
    cases: [
      {
        request: fixed('/api/v1/ai/prompt/8', { name: '수업 만들기 프롬프트' }),
        expect: superAdminOnly(200),
      },
    ],
  },

  // The notice board: the service's notices for everyone, a school's for its members; written by
  // the super administrator and by the school's administrators.
  ...['/api/v1/board/list', '/api/v1/board/search'].map((url) => ({
    route: `GET ${url}`,
    cases: [{ request: fixed(`${url}?keyword=%EA%B3%B5%EC%A7%80`), expect: all(200) }],
  })),
  {
    route: 'GET /api/v1/board/fix/available',
    cases: [
      {
        label: "a school's board",
        request: fixed('/api/v1/board/fix/available?scope=SCHOOL'),
        expect: who(signedIn(403), { adminHere: 200, adminElsewhere: 200 }),
      },
      {
        label: "the service's board",
        request: fixed('/api/v1/board/fix/available?scope=SERVICE'),
        expect: who(signedIn(403), { superAdmin: 200 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/board/:id',
    cases: [
      {
        label: "school A's notice",
        request: (w) => ({ url: `/api/v1/board/${w.notices.school}` }),
        expect: readsSchoolNotice(200),
      },
      {
        label: "the service's notice",
        request: (w) => ({ url: `/api/v1/board/${w.notices.service}` }),
        expect: all(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/board/:id/attachments/:attachmentId',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/board/${w.notices.school}/attachments/${w.notices.schoolAttachment}`,
        }),
        expect: readsSchoolNotice(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/board',
    cases: [
      {
        label: "to one's own school",
        request: fixed('/api/v1/board', {
          scope: 'SCHOOL',
          title: '학교 공지',
          bodyHtml: '<p>내일은 단축 수업입니다.</p>',
        }),
        expect: who(signedIn(403), { adminHere: 201, adminElsewhere: 201 }),
      },
      {
        label: 'to the whole service',
        request: fixed('/api/v1/board', {
          scope: 'SERVICE',
          title: '서비스 공지',
          bodyHtml: '<p>점검 안내</p>',
        }),
        expect: who(signedIn(403), { superAdmin: 201 }),
      },
    ],
  },
  {
    route: 'PUT /api/v1/board/:id',
    cases: [
      {
        label: "school A's notice",
        request: (w) => ({ url: `/api/v1/board/${w.notices.school}`, body: { title: '고친 공지' } }),
        expect: who(readsSchoolNotice(403), { anonymous: 401, adminHere: 200 }),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/board/:id',
    cases: [
      {
        label: "school A's notice",
        request: async (w) => ({ url: `/api/v1/board/${await w.createSchoolNotice()}` }),
        expect: who(readsSchoolNotice(403), { anonymous: 401, adminHere: 200, superAdmin: 200 }),
      },
    ],
  },

  // issue 18
  // The image proxy: open to anyone (pictures in public documents), but only for allow-listed
  // origins; a loopback address is refused for everyone. The data-URL form is for signed-in users.
  {
    route: 'GET /api/v1/proxy/image',
    cases: [
      {
        label: 'a loopback address',
        request: fixed(`/api/v1/proxy/image?url=${encodeURIComponent('http://127.0.0.1/x.png')}`),
        expect: all(403),
      },
    ],
  },
  {
    route: 'POST /api/v1/files/upload/multiple',
    cases: [
      {
        request: () => ({
          url: '/api/v1/files/upload/multiple',
          body: form({}, { files: { bytes: PNG, name: 'a.png' } }),
        }),
        expect: teachers(201),
      },
    ],
  },
  {
    route: 'GET /oauth/openid',
    cases: [{ request: fixed('/oauth/openid?returnTo=%2Fnotice'), expect: all(302) }],
  },
  {
    route: 'GET /api/v1/users/info/status',
    cases: [{ request: fixed('/api/v1/users/info/status'), expect: signedIn(200) }],
  },
  {
    route: 'GET /api/v1/proxy/image/blob',
    cases: [
      {
        label: 'a loopback address',
        request: fixed(`/api/v1/proxy/image/blob?url=${encodeURIComponent('http://127.0.0.1/x.png')}`),
        expect: signedIn(403),
      },
    ],
  },

  // How the AI is connected: operators' setup details, for the super administrator's eyes only.
  {
    route: 'GET /api/v1/admin/ai-connection',
    cases: [{ request: fixed('/api/v1/admin/ai-connection'), expect: superAdminOnly(200) }],
  },

  // The document tools.
  ...FAMILIES.flatMap(familyRows),
  ...ISSUE_21_ROWS,
  {
    route: 'POST /api/v1/document/studio',
    cases: Object.entries(FORMS)
      .filter(([, body]) => typeof body.type === 'string')
      .map(([slug, body]) => ({
        label: slug,
        request: fixed('/api/v1/document/studio', { ...PRIVATE, ...body }),
        expect: licensed(201),
      })),
  },
  ...['/openai/generate/hwp', '/generate/hwp'].map((url) => ({
    route: `POST ${url}`,
    cases: [
      {
        request: fixed(url, { ...PRIVATE, type: 'PARENT_LETTER', ...FORMS['parent-letter'] }),
        expect: licensed(201),
      },
    ],
  })),
  {
    route: 'GET /api/v1/lesson/latest/:n',
    cases: [{ request: fixed('/api/v1/lesson/latest/3'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/lesson/images/:file',
    cases: [
      {
        label: 'no such picture',
        request: fixed('/api/v1/lesson/images/00000000-0000-0000-0000-000000000000.png'),
        expect: all(404),
      },
    ],
  },
  {
    route: 'POST /api/v1/lesson/:id/append',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/lesson/${(await freshLesson(w)).id}/append`,
          body: { key: 3, displayNo: 1 },
        }),
        expect: creatorOnly(202),
      },
    ],
  },
  {
    route: 'POST /api/v1/lesson/:id/section',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/lesson/${(await freshLesson(w)).id}/section`,
          body: { title: '정리' },
        }),
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/lesson/:id/section/item',
    cases: [
      {
        request: async (w) => {
          const fresh = await freshLesson(w);
          return {
            url: `/api/v1/lesson/${fresh.id}/section/item`,
            body: { sectionId: fresh.sectionId, title: '새 활동' },
          };
        },
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/lesson/:id/section/item',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/lesson/${lesson(w).id}/section/item` }),
        expect: readsSchoolItem(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/lesson/:id/section/item/:itemId',
    cases: [
      {
        request: async (w) => {
          const fresh = await freshLesson(w);
          return { url: `/api/v1/lesson/${fresh.id}/section/item/${fresh.itemId}` };
        },
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/lesson/:id/typeContent',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/lesson/${(await freshLesson(w)).id}/typeContent?type=IMAGE` }),
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/lesson/:id/section/:sectionId',
    cases: [
      {
        request: async (w) => {
          const fresh = await freshLesson(w);
          return { url: `/api/v1/lesson/${fresh.id}/section/${fresh.sectionId}` };
        },
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/lesson/:id/section/item/:itemId',
    cases: [
      {
        request: async (w) => {
          const fresh = await freshLesson(w);
          return {
            url: `/api/v1/lesson/${fresh.id}/section/item/${fresh.itemId}`,
            body: { title: '고친 활동' },
          };
        },
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/lesson/:id/section/items',
    cases: [
      {
        request: async (w) => {
          const fresh = await freshLesson(w);
          return {
            url: `/api/v1/lesson/${fresh.id}/section/items`,
            body: { items: [{ id: fresh.itemId, title: '고친 활동' }] },
          };
        },
        expect: creatorOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/lesson/result',
    cases: [
      {
        request: async (w) => ({
          url: '/api/v1/lesson/result',
          body: { id: (await freshLesson(w)).id, title: '고친 수업' },
        }),
        expect: creatorOnly(200),
      },
    ],
  },

  // Chat.
  ...['/api/agents/chat/:endpoint', '/api/v1/agent/chat/stream'].map((pattern) => ({
    route: `POST ${pattern}`,
    cases: [
      {
        request: fixed(pattern.replace(':endpoint', 'openAI'), { text: '안녕하세요' }),
        expect: licensed(200),
      },
    ],
  })),
  {
    route: 'GET /api/v1/streaming/:streamId',
    cases: [
      {
        label: 'no such stream',
        request: fixed('/api/v1/streaming/unknown-stream?resume=true'),
        expect: teachers(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/streaming/conversation/:id',
    cases: [
      {
        label: 'no answer running',
        request: (w) => ({ url: `/api/v1/streaming/conversation/${conversation(w)}` }),
        expect: teachers(404),
      },
    ],
  },
  {
    route: 'POST /api/v1/streaming/cancel',
    cases: [
      {
        label: 'no such stream',
        request: fixed('/api/v1/streaming/cancel', { stream_id: 'unknown-stream' }),
        expect: teachers(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/conversations/paged',
    cases: [{ request: fixed('/api/v1/conversations/paged'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/conversations/search',
    cases: [{ request: fixed('/api/v1/conversations/search?q=%EB%B6%84%EC%88%98'), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/conversations/pinned',
    cases: [{ request: fixed('/api/v1/conversations/pinned'), expect: teachers(200) }],
  },
  {
    route: 'PUT /api/v1/conversations/reorder-pinned',
    cases: [
      {
        request: fixed('/api/v1/conversations/reorder-pinned', { conversationIds: [] }),
        expect: teachers(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/conversations/update',
    cases: [
      {
        request: (w) => ({
          url: '/api/v1/conversations/update',
          body: { conversationId: conversation(w), title: '분수 자료' },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/conversations/:id/pin',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/conversations/${conversation(w)}/pin`, body: { isPinned: false } }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/conversations/:id',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/conversations/${await freshConversation(w)}` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/conversations/:id/title',
    cases: [
      { request: (w) => ({ url: `/api/v1/conversations/${conversation(w)}/title` }), expect: ownerOnly(200) },
    ],
  },
  {
    route: 'PUT /api/v1/conversations/:id/title',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/conversations/${conversation(w)}/title`,
          body: { title: '분수 자료' },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/conversations/:id/messages',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/conversations/${conversation(w)}/messages` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/conversations/:id/messages/paged',
    cases: [
      {
        request: (w) => ({ url: `/api/v1/conversations/${conversation(w)}/messages/paged` }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/conversations/:id/messages/:msgId/like',
    cases: [
      {
        request: (w) => ({
          url: `/api/v1/conversations/${conversation(w)}/messages/${w.records.messageId}/like`,
          body: { isLiked: true },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  { route: 'GET /api/convos', cases: [{ request: fixed('/api/convos'), expect: teachers(200) }] },
  {
    route: 'GET /api/messages/:conversationId',
    cases: [{ request: (w) => ({ url: `/api/messages/${conversation(w)}` }), expect: ownerOnly(200) }],
  },
  {
    route: 'PUT /api/messages/:conversationId/:messageId',
    cases: [
      {
        request: (w) => ({
          url: `/api/messages/${conversation(w)}/${w.records.messageId}`,
          body: { isLiked: false },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/convos/gen_title',
    cases: [
      {
        request: (w) => ({ url: '/api/convos/gen_title', body: { conversationId: conversation(w) } }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/convos/update',
    cases: [
      {
        request: (w) => ({
          url: '/api/convos/update',
          body: { arg: { conversationId: conversation(w), title: '분수 자료' } },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/convos',
    cases: [
      {
        request: async (w) => ({
          url: '/api/convos',
          body: { arg: { conversationId: await freshConversation(w) } },
        }),
        expect: ownerOnly(200),
      },
    ],
  },
  // Pictures are read by an unguessable address (an <img> sends no token), as lesson pictures are.
  {
    route: 'GET /api/v1/chat/images/:file',
    cases: [
      {
        label: 'no such picture',
        request: fixed('/api/v1/chat/images/00000000-0000-0000-0000-000000000000.png'),
        expect: all(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/agent/briefing/chat',
    cases: [{ request: fixed('/api/v1/agent/briefing/chat'), expect: teachers(200) }],
  },
  {
    route: 'POST /api/v1/agent/briefing/chat',
    cases: [{ request: fixed('/api/v1/agent/briefing/chat', {}), expect: teachers(200) }],
  },
  {
    route: 'GET /api/v1/agent/list',
    cases: [{ request: fixed('/api/v1/agent/list'), expect: teachers(200) }],
  },
  { route: 'GET /api/gadgets', cases: [{ request: fixed('/api/gadgets'), expect: teachers(200) }] },
  {
    route: 'GET /api/v1/user-settings',
    cases: [{ request: fixed('/api/v1/user-settings'), expect: teachers(200) }],
  },
  ...(['POST', 'PUT'] as const).map((method) => ({
    route: `${method} /api/v1/user-settings`,
    cases: [{ request: fixed('/api/v1/user-settings', { fontSize: 'large' }), expect: teachers(200) }],
  })),
  // issue 16: the admin area — accounts, sessions, roles, the audit log, token usage, error reports.
  {
    route: 'GET /api/v1/users',
    cases: [{ request: fixed('/api/v1/users?q=teacher&sort=name&order=asc'), expect: schoolAdmins(200) }],
  },
  {
    route: 'POST /api/v1/users',
    cases: [
      {
        label: "into the administrator's own school",
        request: (_w, persona) => ({
          url: '/api/v1/users',
          body: {
            username: `made-${persona.toLowerCase()}-${Date.now().toString(36)}`,
            password: 'safe-pass-42',
            name: '새 선생님',
          },
        }),
        expect: schoolAdmins(201),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/:userId',
    cases: [
      {
        label: "school A's teacher",
        request: (w) => ({ url: `/api/v1/users/${w.users.owner?.id}` }),
        expect: schoolAOnly(200),
      },
      {
        label: "school A's administrator (the super administrator's to manage)",
        request: (w) => ({ url: `/api/v1/users/${w.users.adminHere?.id}` }),
        expect: who(schoolAOnly(404), { superAdmin: 200 }),
      },
    ],
  },
  {
    route: 'PUT /api/v1/users/:userId',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}`,
          body: { title: '연구부장' },
        }),
        expect: schoolAOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/users/:userId/enabled',
    cases: [
      {
        request: async (w) => ({
          url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}/enabled`,
          body: { enabled: false },
        }),
        expect: schoolAOnly(200),
      },
    ],
  },
  {
    route: 'PUT /api/v1/users/:userId/roles',
    cases: [
      {
        label: 'teacher to student',
        request: async (w) => ({
          url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}/roles`,
          body: { roles: ['ROLE_STUDENT'] },
        }),
        expect: schoolAOnly(200),
      },
      {
        label: 'granting the administrator role',
        request: async (w) => ({
          url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}/roles`,
          body: { roles: ['ROLE_TEACHER', 'ROLE_ADMIN'] },
        }),
        expect: who(schoolAOnly(403), { superAdmin: 200 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/users/:userId/sessions',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}/sessions` }),
        expect: schoolAOnly(200),
      },
    ],
  },
  {
    route: 'DELETE /api/v1/users/:userId/sessions/:sessionId',
    cases: [
      {
        request: async (w) => {
          const account = await w.createAccount(w.schoolA);
          return { url: `/api/v1/users/${account.id}/sessions/${account.sessionId}` };
        },
        expect: schoolAOnly(200),
      },
    ],
  },
  {
    route: 'POST /api/v1/users/:userId/not-before',
    cases: [
      {
        request: async (w) => ({ url: `/api/v1/users/${(await w.createAccount(w.schoolA)).id}/not-before` }),
        expect: schoolAOnly(200),
      },
    ],
  },
  { route: 'GET /api/v1/roles', cases: [{ request: fixed('/api/v1/roles'), expect: schoolAdmins(200) }] },
  {
    route: 'GET /api/v1/admin/audit-log',
    cases: [{ request: fixed('/api/v1/admin/audit-log'), expect: superAdminOnly(200) }],
  },
  {
    route: 'GET /api/v1/admin/audit-log/export',
    cases: [{ request: fixed('/api/v1/admin/audit-log/export'), expect: superAdminOnly(200) }],
  },
  {
    route: 'GET /api/v1/token-tracker',
    cases: [
      {
        request: () => ({ url: `/api/v1/token-tracker?from=${today(-30)}&to=${today(0)}` }),
        expect: schoolAdmins(200),
      },
      {
        label: "school B's usage",
        request: (w) => ({
          url: `/api/v1/token-tracker?from=${today(-30)}&to=${today(0)}&schoolId=${w.schoolB}`,
        }),
        expect: who(schoolAdmins(404), { adminElsewhere: 200, superAdmin: 200 }),
      },
    ],
  },
  {
    route: 'GET /api/v1/token-tracker/export',
    cases: [
      {
        label: "school A's usage this month (the owner's tools)",
        request: (w) => ({
          url: `/api/v1/token-tracker/export?from=${today(-30)}&to=${today(0)}&schoolId=${w.schoolA}`,
        }),
        expect: who(schoolAdmins(200), { adminElsewhere: 404 }),
      },
      {
        label: 'a period without usage',
        request: () => ({ url: '/api/v1/token-tracker/export?from=2001-01-01&to=2001-01-31&format=csv' }),
        expect: schoolAdmins(404),
      },
    ],
  },
  {
    route: 'GET /api/v1/token-tracker/me',
    cases: [{ request: fixed('/api/v1/token-tracker/me?days=7'), expect: signedIn(200) }],
  },
  {
    route: 'GET /api/v1/ai/prompt/:seq/versions',
    cases: [{ request: fixed('/api/v1/ai/prompt/1/versions'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/ai/prompt/:seq/versions/:version/rollback',
    cases: [{ request: fixed('/api/v1/ai/prompt/1/versions/1/rollback'), expect: superAdminOnly(200) }],
  },
  {
    route: 'POST /api/v1/playground/generate',
    cases: [
      {
        request: fixed('/api/v1/playground/generate', {
          promptSeq: 1,
          systemPrompt: '시험용 초안 시스템 프롬프트입니다. 스무 글자를 넘깁니다.',
          input: '3학년 과학 광합성 수업을 위한 가정통신문을 써 주세요.',
        }),
        expect: superAdminOnly(200),
      },
    ],
  },
  {
    route: 'GET /api/v1/admin/error-reports',
    cases: [{ request: fixed('/api/v1/admin/error-reports?status=all'), expect: superAdminOnly(200) }],
  },
  {
    route: 'PUT /api/v1/admin/error-reports/:signature',
    cases: [
      {
        request: async (w) => {
          const report = {
            errorMessage: 'Cannot read properties of undefined (reading "map")',
            errorStack: 'TypeError\n    at List (app.js:1:2)',
          };
          await fetch(`${w.origin}/api/v1/error-reports`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(report),
          });
          return {
            url: `/api/v1/admin/error-reports/${errorSignature(report.errorMessage, report.errorStack)}`,
            body: { resolved: true },
          };
        },
        expect: superAdminOnly(200),
      },
    ],
  },
];
