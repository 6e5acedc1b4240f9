import type { Code } from '@ssaem/contracts/reference';
import type { Tool } from '@ssaem/contracts/tools';
import type { UsersInfo } from '@ssaem/contracts/users';

/** Test data shaped as the server sends it. */
export function buildTool(overrides: Partial<Tool> = {}): Tool {
  return {
    id: 1,
    parentId: null,
    codeName: 'SUMMARY',
    libraryType: 'SUMMARY',
    sort: 1,
    colour: '#8E5CC2',
    icon: 'notes',
    label: '요약하기',
    description: '주제, 문서, 글을 요약합니다.',
    route: 'summary',
    kind: 'button',
    promptSeq: 3,
    useYn: 'Y',
    ...overrides,
  };
}

export const TOOLS: Tool[] = [
  buildTool(),
  buildTool({
    id: 2,
    codeName: 'LESSON',
    libraryType: 'LESSON',
    sort: 2,
    label: '수업 만들기',
    route: 'lesson',
  }),
  buildTool({
    id: 3,
    codeName: 'FEEDBACK',
    libraryType: 'FEEDBACK',
    sort: 3,
    label: '글쓰기 피드백',
    route: 'feedback',
  }),
  buildTool({
    id: 4,
    codeName: 'TEXT_CORRECTION',
    libraryType: 'TEXT_CORRECTION',
    sort: 4,
    label: '맞춤법 검사',
    route: 'text-correction',
  }),
  buildTool({
    id: 5,
    codeName: 'MEETING_MINUTES',
    libraryType: 'MEETING_MINUTES',
    sort: 5,
    label: '운영위원회 회의록',
    route: 'meeting-minutes',
  }),
  buildTool({
    id: 6,
    codeName: 'GENERATE_DOCUMENT',
    libraryType: 'GENERATE_DOCUMENT',
    sort: 6,
    label: '문서 만들기',
    route: '/document/generate',
    kind: 'link',
  }),
  // A catalogue entry this client has no panel for.
  buildTool({
    id: 7,
    codeName: 'WEBTOON',
    libraryType: 'STANDARD',
    sort: 7,
    label: '웹툰 만들기',
    route: 'webtoon',
  }),
];

const code = (codeSeq: number, parentSeq: number, groupCode: 'GRADE' | 'SUBJECT', name: string): Code => ({
  codeSeq,
  parentSeq,
  groupCode,
  name,
  translation: name,
  sortOrder: codeSeq,
});

/** Two elementary grades (level 1) and one middle-school grade (level 2). */
export const GRADES: Code[] = [
  code(13, 1, 'GRADE', '초3'),
  code(14, 1, 'GRADE', '초4'),
  code(21, 2, 'GRADE', '중1'),
];
export const SUBJECTS: Code[] = [code(13004, 13, 'SUBJECT', '수학'), code(13001, 13, 'SUBJECT', '국어')];

export function buildUsersInfo(levelCodeSeq: number | null = 1): UsersInfo {
  return {
    userInfo: {
      userId: 7,
      preferredUsername: 'teacher1',
      email: null,
      mobile: null,
      name: '김하늘',
      nickName: null,
      profile: null,
      code: null,
      title: '교사',
      roles: ['ROLE_TEACHER'],
      primaryRole: 'ROLE_TEACHER',
      createdAt: '2026-03-01T00:00:00.000Z',
    },
    schoolInfo: {
      id: 1,
      name: '서울가락초등학교',
      engName: null,
      level: '초등학교',
      levelCodeSeq,
      assignedGrade: null,
      grades: [],
      subjects: {},
    },
    licenseInfo: {
      licenseKey: 'KEY',
      licenseName: null,
      startAt: null,
      expiresAt: null,
      tokenLimit: 0,
      tokenUsed: 0,
      isValid: true,
      status: 'ACTIVE',
    },
    pendingSchool: null,
  };
}

export function eventStream(text: string): Response {
  return new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
}

export const successSignal = (id: number) => eventStream(`data: {"result":"success","id":${id}}\n\n`);

export interface RecordedCall {
  url: URL;
  method: string;
  /** JSON bodies parsed; multipart bodies as their FormData. */
  body: unknown;
}

export type Handler = (url: URL, call: RecordedCall) => Response | Promise<Response> | undefined;

/** A fetch stand-in that records every call, JSON and multipart alike, and answers by route. */
export function fakeToolsFetch(handlers: Array<[method: string, path: string | RegExp, Handler]>) {
  const calls: RecordedCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw instanceof FormData ? raw : undefined;
    const call = { url, method, body };
    calls.push(call);
    for (const [m, path, answer] of handlers) {
      if (m !== method) continue;
      const matches = typeof path === 'string' ? url.pathname === path : path.test(url.pathname);
      if (!matches) continue;
      const response = await answer(url, call);
      if (response) return response;
    }
    return Response.json({ code: 'E_NOT_FOUND', message: 'not found' }, { status: 404 });
  };
  return { fetchMock, calls };
}

/** The calls every panel makes: the catalogue, the user, grades and subjects. */
export function baseHandlers(
  options: { levelCodeSeq?: number | null } = {},
): Array<[string, string | RegExp, Handler]> {
  return [
    ['GET', '/api/v1/tool/list', () => Response.json(TOOLS)],
    [
      'GET',
      '/api/v1/users/info',
      () => Response.json(buildUsersInfo(options.levelCodeSeq === undefined ? 1 : options.levelCodeSeq)),
    ],
    [
      'GET',
      '/api/v1/code',
      (url) =>
        Response.json(
          url.searchParams.get('groupCode') === 'GRADE'
            ? GRADES
            : SUBJECTS.filter((subject) => String(subject.parentSeq) === url.searchParams.get('parentSeq')),
        ),
    ],
  ];
}
