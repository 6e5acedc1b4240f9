import type { LibraryCard, LibraryDetail, LibraryPage } from '@ssaem/contracts/library';

/** Test data shaped as the server sends it. */
export function buildCard(overrides: Partial<LibraryCard> = {}): LibraryCard {
  return {
    id: 5,
    title: '3학년 수학 분수 단원 수업 자료',
    libraryType: 'LESSON',
    materialType: 'lesson',
    status: 3,
    visibility: 'SCHOOL',
    editable: false,
    gradeSeq: 13,
    gradeName: '초3',
    subjectSeq: 13004,
    subjectName: '수학',
    author: { id: 1, name: '김하늘' },
    school: { id: 7, name: '서울가락초등학교' },
    excerpt: '분수의 뜻을 알고 크기를 비교해요.',
    likeCount: 3,
    bookmarkCount: 2,
    viewCount: 10,
    liked: false,
    bookmarked: false,
    createdAt: '2026-03-10T09:00:00.000Z',
    reason: null,
    ...overrides,
  };
}

export function buildDetail(overrides: Partial<LibraryDetail> = {}): LibraryDetail {
  return {
    ...buildCard(),
    content: null,
    text: '분수의 뜻\n\n분수의 크기 비교',
    abilities: { view: true, use: true, edit: false, copy: false, changeSettings: false, delete: false },
    folderId: null,
    ...overrides,
  };
}

export function buildPage(items: LibraryCard[], overrides: Partial<LibraryPage> = {}): LibraryPage {
  return { items, nextCursor: null, total: items.length, totalCapped: false, ...overrides };
}

/** A fetch stand-in: answers by method and path, records every call. */
export type Route = (url: URL, init: RequestInit | undefined) => Response | undefined;

export function fakeFetch(routes: Route[]) {
  const calls: Array<{ url: URL; method: string; body: unknown }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    for (const route of routes) {
      const response = route(url, init);
      if (response) return response;
    }
    return Response.json({ code: 'E_NOT_FOUND', message: 'not found' }, { status: 404 });
  };
  return { fetchMock, calls };
}

export function on(
  method: string,
  path: string | RegExp,
  answer: (url: URL, body: unknown) => Response,
): Route {
  return (url, init) => {
    if ((init?.method ?? 'GET') !== method) return undefined;
    const matches = typeof path === 'string' ? url.pathname === path : path.test(url.pathname);
    if (!matches) return undefined;
    return answer(url, typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
  };
}
