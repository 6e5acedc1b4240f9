import type { UsersInfo } from '@ssaem/contracts/users';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { loadAppQueryClient } from '../../lib/app-query-client';
import { i18n, loadPageTexts } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { setSessionProbe } from '../../lib/session';
import { buildCard, fakeFetch, on } from '../library/library-fixtures';
import { homeKeys, prefetchDashboard } from './api';
import { toolDestination } from './components/main-tools';
import { dashboardRequestUnderWay, startDashboardRequest } from './dashboard-request';
import { HomePage, homeKind } from './home-page';

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const LICENCE = {
  licenseKey: 'SSAM-TEST-0000-0001',
  licenseName: '쌤 교사 라이선스',
  startAt: '2026-03-01T00:00:00.000Z',
  expiresAt: '2099-02-28T00:00:00.000Z',
  tokenLimit: 1000,
  tokenUsed: 250,
  isValid: true,
  status: 'ACTIVE',
} as const;
const NO_LICENCE = {
  ...LICENCE,
  licenseKey: null,
  licenseName: null,
  isValid: false,
  status: 'ERROR',
} as const;

function usersInfo(
  roles: string[],
  overrides: { name?: string; title?: string; school?: boolean } = {},
): UsersInfo {
  return {
    userInfo: {
      userId: 1,
      preferredUsername: 'user',
      email: 'user@demo.ssaem.kr',
      mobile: null,
      name: overrides.name ?? '김하늘',
      nickName: null,
      profile: null,
      code: null,
      title: overrides.title ?? '3학년 2반 담임',
      roles: roles as UsersInfo['userInfo']['roles'],
      primaryRole: roles[0] as UsersInfo['userInfo']['primaryRole'],
      createdAt: '2026-03-01T00:00:00.000Z',
    },
    schoolInfo:
      overrides.school === false
        ? null
        : {
            id: 7,
            name: '서울가락초등학교',
            engName: null,
            level: '초등학교',
            levelCodeSeq: 1,
            assignedGrade: 13,
            grades: [],
            subjects: {},
          },
    licenseInfo: LICENCE,
    pendingSchool: null,
  };
}

const TOOLS = [
  {
    id: 1,
    codeName: 'lesson',
    libraryType: 'LESSON',
    sort: 1,
    colour: 'blue',
    icon: 'presentation',
    label: '수업 만들기',
    description: '',
    route: 'lesson',
    kind: 'button',
  },
  {
    id: 2,
    codeName: 'summary',
    libraryType: 'SUMMARY',
    sort: 2,
    colour: 'grape',
    icon: 'file',
    label: '요약하기',
    description: '',
    route: 'summary',
    kind: 'button',
  },
];

const REQUEST = {
  id: 41,
  userId: 9,
  username: 'newteacher',
  name: '한결',
  email: 'han@school.kr',
  schoolId: 7,
  schoolName: '서울가락초등학교',
  role: 'ROLE_TEACHER',
  status: 'PENDING',
  createdAt: '2026-11-20T00:00:00.000Z',
  decidedAt: null,
};

const CONVERSATIONS = {
  conversations: [
    {
      conversationId: 'c-1',
      title: '과학 실험 안전 수칙',
      endpoint: null,
      model: null,
      gadgetId: null,
      isPinned: false,
      pinOrder: null,
      createdAt: '2026-11-20T00:00:00.000Z',
      updatedAt: '2026-11-20T00:00:00.000Z',
    },
  ],
  pageNo: 0,
  pageSize: 50,
  totalCount: 1,
  hasMore: false,
};
const RECENT = [buildCard({ id: 7, title: '내 최근 자료' })];
const SHARED = [buildCard({ id: 8, title: '동료 자료', author: { id: 9, name: '박선생' } })];
const NOTICES = [
  { id: 3, title: '2학기 안내', writer: '운영팀', createdAt: '2026-11-01T00:00:00Z', views: 5 },
];
const STRIP = {
  profile: { level: null, grade: null, subjects: [], categories: [] },
  aiRecommended: [],
  similarTeachers: [],
  newGoods: [],
  reasonSource: 'RULES',
};

/** What GET /api/v1/dashboard answers this user: the sections their home shows, the rest null. */
function dashboardFor(info: UsersInfo, licence: typeof LICENCE | typeof NO_LICENCE, pending: unknown[]) {
  const kind = homeKind(info.userInfo.roles);
  const teaching = licence.isValid && kind !== 'student';
  return {
    info: { ...info, licenseInfo: licence },
    licence,
    tools: teaching ? TOOLS : null,
    recentMaterials: teaching ? RECENT : null,
    sharedMaterials: teaching ? SHARED : null,
    conversations: teaching ? CONVERSATIONS : null,
    notices: NOTICES,
    pendingRequests: kind === 'admin' || kind === 'superAdmin' ? pending : null,
    recommendations: teaching && kind === 'teacher' ? STRIP : null,
  };
}

function serve(
  info: UsersInfo,
  licence: typeof LICENCE | typeof NO_LICENCE = LICENCE,
  { dashboardFails = false } = {},
) {
  let pending = [REQUEST];
  const fake = fakeFetch([
    on('GET', '/api/v1/dashboard', () =>
      dashboardFails
        ? Response.json({ code: 'E_INTERNAL', message: 'boom' }, { status: 500 })
        : Response.json(dashboardFor(info, licence, pending)),
    ),
    on('GET', '/api/v1/users/info', () => Response.json({ ...info, licenseInfo: licence })),
    on('GET', '/api/v1/user-license/check-validity', () => Response.json(licence)),
    on('GET', '/api/v1/tool/list', () => Response.json(TOOLS)),
    on('GET', '/api/v1/conversations/paged', () => Response.json(CONVERSATIONS)),
    on('GET', '/api/v1/library/recent/5', () => Response.json(RECENT)),
    on('GET', '/api/v1/library/shared/recent/5', () => Response.json(SHARED)),
    on('GET', '/api/v1/board/list', () =>
      Response.json({ items: NOTICES, total: 1, pageIndex: 0, pageSize: 3 }),
    ),
    on('GET', '/api/v1/recommendation/goods/list', () => Response.json(STRIP)),
    on('GET', '/api/v1/users/school-requests', () => Response.json(pending)),
    on('POST', '/api/v1/users/school-requests/41/approve', () => {
      pending = [];
      return Response.json({ ...REQUEST, status: 'APPROVED', decidedAt: '2026-11-21T00:00:00.000Z' });
    }),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

const askedPaths = (fake: ReturnType<typeof serve>) => fake.calls.map((call) => call.url.pathname);

/** The app's own query defaults (their staleTime decides whether a seeded entry is asked for again). */
function appQueryClient() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return queryClient;
}

function renderHome(queryClient = appQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <HomePage /> },
      { path: '*', element: <p>다른 화면</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  await loadPageTexts(['dashboard', 'home', 'library', 'account', 'edutech']);
});

describe('homeKind', () => {
  it('gives each role its own home, administrators first', () => {
    expect(homeKind(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'])).toBe('superAdmin');
    expect(homeKind(['ROLE_ADMIN', 'ROLE_TEACHER'])).toBe('admin');
    expect(homeKind(['ROLE_TEACHER'])).toBe('teacher');
    expect(homeKind(['ROLE_STUDENT'])).toBe('student');
  });
});

describe('toolDestination', () => {
  it('opens a panel tool on the tools index and a link tool at its page', () => {
    expect(toolDestination({ kind: 'button', route: 'summary' })).toBe('/v2/tool/list?tool=summary');
    expect(toolDestination({ kind: 'link', route: 'document/generate' })).toBe('/document/generate');
  });
});

describe('the teacher home', () => {
  it('greets the teacher and shows the question box, tools, recent work, colleagues, notices and the licence line', async () => {
    serve(usersInfo(['ROLE_TEACHER']));
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 김하늘 선생님' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'AI 도우미에게 보낼 메시지' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /수업 만들기/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '과학 실험 안전 수칙' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '내 최근 자료' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '동료 자료' })).toBeTruthy();
    expect(await screen.findByText('2학기 안내')).toBeTruthy();
    const licence = screen.getByTestId('licence-line');
    expect(licence.textContent).toContain('쌤 교사 라이선스');
    expect(licence.textContent).toContain('토큰 25% 사용');
    expect(screen.queryByRole('heading', { name: '학교 가입 요청' })).toBeNull();
    expect(await screen.findByRole('heading', { name: '선생님을 위한 추천' })).toBeTruthy();
  });

  it('renders every section from the one dashboard request, asking nothing else', async () => {
    const fake = serve(usersInfo(['ROLE_TEACHER']));
    renderHome();
    expect(await screen.findByRole('link', { name: '과학 실험 안전 수칙' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /수업 만들기/ })).toBeTruthy();
    expect(await screen.findByText('2학기 안내')).toBeTruthy();
    expect(askedPaths(fake)).toEqual(['/api/v1/dashboard']);
  });

  it('draws at once from the request the router started for it, asking nothing again', async () => {
    const fake = serve(usersInfo(['ROLE_TEACHER']));
    const queryClient = appQueryClient();
    // What the /dashboard route's loader does before the shell and the home render.
    await prefetchDashboard(queryClient, 'ko');
    renderHome(queryClient);
    expect(screen.getByRole('heading', { level: 1, name: '안녕하세요, 김하늘 선생님' })).toBeTruthy();
    expect(document.querySelector('.mantine-Skeleton-root')).toBeNull();
    expect(await screen.findByRole('link', { name: '내 최근 자료' })).toBeTruthy();
    expect(askedPaths(fake)).toEqual(['/api/v1/dashboard']);
  });

  it("sends the request before the home's code is there, once, and files its answer", async () => {
    const fake = serve(usersInfo(['ROLE_TEACHER']));
    setSessionProbe(() => true);
    try {
      // The sign-in callback, then the /dashboard route's loader, as after pressing 로그인.
      startDashboardRequest();
      startDashboardRequest();
      // Sent once: the second start finds the first under way.
      await waitFor(() => expect(askedPaths(fake)).toEqual(['/api/v1/dashboard']));
      const queryClient = await loadAppQueryClient();
      const language = i18n.resolvedLanguage ?? i18n.language;
      await waitFor(() => expect(queryClient.getQueryData(homeKeys.dashboard(language))).toBeTruthy());
      expect(dashboardRequestUnderWay(queryClient)).toBe(false);
      // While the answer is fresh, the route's loader asks nothing again.
      startDashboardRequest();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(askedPaths(fake)).toEqual(['/api/v1/dashboard']);
    } finally {
      setSessionProbe(null);
      (await loadAppQueryClient()).clear();
    }
  });

  it('shows grey blocks, not a spinner, until the dashboard answers', async () => {
    serve(usersInfo(['ROLE_TEACHER']));
    renderHome();
    const loading = screen.getByRole('status', { busy: true });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(3);
    expect(document.querySelector('.mantine-Loader-root')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 김하늘 선생님' })).toBeTruthy();
  });

  it('falls back to each section asking for itself when the dashboard fails', async () => {
    const fake = serve(usersInfo(['ROLE_TEACHER']), LICENCE, { dashboardFails: true });
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 김하늘 선생님' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '내 최근 자료' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '과학 실험 안전 수칙' })).toBeTruthy();
    expect(askedPaths(fake)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/info',
        '/api/v1/library/recent/5',
        '/api/v1/conversations/paged',
      ]),
    );
  });

  it('starts a chat with the question typed on the home', async () => {
    serve(usersInfo(['ROLE_TEACHER']));
    const router = renderHome();
    const box = await screen.findByRole('textbox', { name: 'AI 도우미에게 보낼 메시지' });
    fireEvent.change(box, { target: { value: '  받아쓰기 안내문 써 줘 ' } });
    fireEvent.click(screen.getByRole('button', { name: '대화 시작' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/new'));
    expect(router.state.location.state).toEqual({ prompt: '받아쓰기 안내문 써 줘' });
  });

  it('opens a tool from the home at its panel', async () => {
    serve(usersInfo(['ROLE_TEACHER']));
    const router = renderHome();
    fireEvent.click(await screen.findByRole('button', { name: /요약하기/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tool=summary'));
  });

  it('shows a teacher without a licence the way to one, and no tools', async () => {
    serve(usersInfo(['ROLE_TEACHER']), NO_LICENCE);
    renderHome();
    expect(await screen.findByText('라이선스를 등록하면 AI 도구를 바로 쓸 수 있어요')).toBeTruthy();
    expect(screen.getByRole('link', { name: '라이선스 등록하기' }).getAttribute('href')).toBe(
      '/license-guide',
    );
    expect(screen.queryByRole('textbox', { name: 'AI 도우미에게 보낼 메시지' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '자주 쓰는 도구' })).toBeNull();
    expect(screen.getByRole('heading', { name: '내 계정' })).toBeTruthy();
  });
});

describe('the student home', () => {
  it("shows the school's notices and the student's own account, and none of the teacher tools", async () => {
    const fake = serve(usersInfo(['ROLE_STUDENT'], { name: '박지우', title: '3학년 2반' }));
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 박지우님' })).toBeTruthy();
    expect(await screen.findByText('2학기 안내')).toBeTruthy();
    const account = screen.getByRole('region', { name: '내 계정' });
    expect(within(account).getByText('박지우')).toBeTruthy();
    expect(within(account).getByText('서울가락초등학교')).toBeTruthy();
    expect(within(account).getByRole('link', { name: '내 정보 보기' }).getAttribute('href')).toBe('/my-info');
    expect(screen.queryByRole('textbox', { name: 'AI 도우미에게 보낼 메시지' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '자주 쓰는 도구' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '최근 대화' })).toBeNull();
    // A student's home asks once, and never for what a student may not read.
    expect(askedPaths(fake)).toEqual(['/api/v1/dashboard']);
  });
});

describe('the administrator home', () => {
  it('counts the pending requests to join the school and approves one', async () => {
    const fake = serve(usersInfo(['ROLE_ADMIN', 'ROLE_TEACHER'], { name: '최민준', title: '교무부장' }));
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 최민준님' })).toBeTruthy();
    expect(screen.getByText(/학교 관리자/)).toBeTruthy();
    expect(await screen.findByText('승인을 기다리는 요청 1건')).toBeTruthy();
    expect(screen.getByTestId('pending-count').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '한결 승인' }));
    expect(await screen.findByText('승인을 기다리는 요청이 없어요.')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith('/41/approve'))).toBe(true);
    // The decision reads the pending list again through its own hook, the fallback after invalidation.
    expect(askedPaths(fake).filter((path) => path === '/api/v1/users/school-requests')).toHaveLength(1);
    const links = screen.getByRole('region', { name: '관리 메뉴' });
    expect(
      within(links)
        .getByRole('link', { name: /전체 학생 관리/ })
        .getAttribute('href'),
    ).toBe('/students');
    expect(within(links).queryByRole('link', { name: /AI 연결 설정/ })).toBeNull();
    // The administrator also teaches: the teaching tools follow the operations.
    expect(await screen.findByRole('heading', { name: '자주 쓰는 도구' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: '공지사항' })).toHaveLength(1);
  });

  it("shows a super administrator every school's requests with their school and the AI connection", async () => {
    serve(
      usersInfo(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN'], {
        name: '정유진',
        title: '서비스 운영자',
        school: false,
      }),
    );
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: '안녕하세요, 정유진님' })).toBeTruthy();
    expect(screen.getByText('서비스 운영자')).toBeTruthy();
    expect(await screen.findByText(/서울가락초등학교 · /)).toBeTruthy();
    const links = screen.getByRole('region', { name: '관리 메뉴' });
    expect(
      within(links)
        .getByRole('link', { name: /AI 연결 설정/ })
        .getAttribute('href'),
    ).toBe('/my-info');
  });
});
