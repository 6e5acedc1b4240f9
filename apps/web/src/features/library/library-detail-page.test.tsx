import type { LibraryDetail } from '@ssaem/contracts/library';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { LibraryDetailPage } from './components/library-detail-page';
import { buildDetail, fakeFetch, on, type Route } from './library-fixtures';

const ME = 2;
const usersInfo = on('GET', '/api/v1/users/info', () =>
  Response.json({ userInfo: { userId: ME, name: '이바다' }, schoolInfo: null, licenseInfo: {} }),
);

function serve(item: LibraryDetail, ...routes: Route[]) {
  const fake = fakeFetch([
    usersInfo,
    on('GET', `/api/v1/library/${item.id}`, () => Response.json(item)),
    ...routes,
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/v2/library/:id', element: <LibraryDetailPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await loadPageTexts(['library']);
});

describe('LibraryDetailPage', () => {
  it('shows the title, meta and the text as paragraphs', async () => {
    serve(buildDetail());
    renderAt('/v2/library/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: '3학년 수학 분수 단원 수업 자료' }),
    ).toBeTruthy();
    expect(screen.getByText('분수의 뜻')).toBeTruthy();
    expect(screen.getByText('분수의 크기 비교')).toBeTruthy();
    expect(screen.getByText('우리 학교 공개')).toBeTruthy();
  });

  it('likes and unlikes, moving the count', async () => {
    const { calls } = serve(
      buildDetail(),
      on('POST', '/api/v1/library/like/5', () => Response.json({ liked: true, likeCount: 4 })),
      on('DELETE', '/api/v1/library/like/5', () => Response.json({ liked: false, likeCount: 3 })),
      on('POST', '/api/v1/library/bookmark/5', () => Response.json({ bookmarked: true, bookmarkCount: 3 })),
    );
    renderAt('/v2/library/5');

    const like = await screen.findByRole('button', { name: '좋아요 3' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    const liked = await screen.findByRole('button', { name: '좋아요 4' });
    expect(liked.getAttribute('aria-pressed')).toBe('true');
    expect(
      calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/library/like/5'),
    ).toBe(true);

    fireEvent.click(liked);
    expect(await screen.findByRole('button', { name: '좋아요 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '저장 2' }));
    expect((await screen.findByRole('button', { name: '저장 3' })).getAttribute('aria-pressed')).toBe('true');
  });

  it('puts the count back when the like fails', async () => {
    serve(
      buildDetail(),
      on('POST', '/api/v1/library/like/5', () =>
        Response.json({ code: 'E_FORBIDDEN', message: '권한이 없습니다.' }, { status: 403 }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/v2/library/5');
    fireEvent.click(await screen.findByRole('button', { name: '좋아요 3' }));
    expect(await screen.findByText('권한이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '좋아요 3' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('offers copying only when allowed, and opens the copy', async () => {
    const copy = buildDetail({
      id: 99,
      author: { id: ME, name: '이바다' },
      title: '3학년 수학 분수 단원 수업 자료',
    });
    const { calls } = serve(
      buildDetail({
        editable: true,
        abilities: { view: true, use: true, edit: false, copy: true, changeSettings: false, delete: false },
      }),
      on('POST', '/api/v1/library/5/copy', () => Response.json(copy)),
      on('GET', '/api/v1/library/99', () => Response.json(copy)),
    );
    const router = renderAt('/v2/library/5');

    expect(await screen.findByRole('button', { name: '내 자료로 복사' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '편집해서 내 것으로' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/v2/library/99'));
    expect(
      calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/v1/library/5/copy'),
    ).toBe(true);
  });

  it('hides copying when the item may not be copied', async () => {
    serve(buildDetail());
    renderAt('/v2/library/5');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: '내 자료로 복사' })).toBeNull();
    expect(screen.queryByRole('button', { name: '편집해서 내 것으로' })).toBeNull();
  });

  it('shows access settings to the creator only, and saves them', async () => {
    const mine = buildDetail({
      author: { id: ME, name: '이바다' },
      visibility: 'PRIVATE',
      abilities: { view: true, use: true, edit: true, copy: true, changeSettings: true, delete: true },
    });
    const { calls } = serve(
      mine,
      on('PUT', '/api/v1/library/5/access-setting', (_url, body) =>
        Response.json({ ...mine, ...(body as object) }),
      ),
    );
    renderAt('/v2/library/5');

    expect(await screen.findByRole('heading', { name: '공개 설정' })).toBeTruthy();
    // The creator does not copy their own item.
    expect(screen.queryByRole('button', { name: '내 자료로 복사' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '우리 학교 공개' }));
    fireEvent.click(screen.getByRole('switch', { name: '다른 선생님이 편집해서 가져갈 수 있게 허용' }));
    fireEvent.click(screen.getByRole('button', { name: '설정 저장' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        visibility: 'SCHOOL',
        editable: true,
      }),
    );
    expect(await screen.findByText('공개 설정을 저장했어요.')).toBeTruthy();
  });

  it('hides access settings from everyone else', async () => {
    serve(
      buildDetail({
        abilities: { view: true, use: true, edit: false, copy: false, changeSettings: false, delete: false },
      }),
    );
    renderAt('/v2/library/5');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: '공개 설정' })).toBeNull();
  });

  it('shows the share link and says who can open it', async () => {
    serve(
      buildDetail(),
      on('POST', '/api/v1/library/5/share-link', () =>
        Response.json({ url: 'http://localhost/v2/library/5', public: false }),
      ),
    );
    renderAt('/v2/library/5');
    fireEvent.click(await screen.findByRole('button', { name: '공유 링크 만들기' }));
    expect(((await screen.findByRole('textbox', { name: '공유 링크' })) as HTMLInputElement).value).toBe(
      'http://localhost/v2/library/5',
    );
    expect(screen.getByText(/로그인했고 이 자료를 볼 수 있는 선생님에게만 열려요/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '링크 복사' })).toBeTruthy();
  });

  it('shows the QR code the server drew', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/qr');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    serve(
      buildDetail(),
      on(
        'POST',
        '/api/v1/library/5/qr-code',
        () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })),
      ),
    );
    renderAt('/v2/library/5');
    fireEvent.click(await screen.findByRole('button', { name: 'QR 코드 보기' }));
    const image = await screen.findByRole('img', { name: '3학년 수학 분수 단원 수업 자료 자료의 QR 코드' });
    expect(image.getAttribute('src')).toBe('blob:http://localhost/qr');
    expect(screen.getByRole('link', { name: 'PNG로 내려받기' }).getAttribute('download')).toBe(
      'ssaem-library-5.png',
    );
  });

  it('says the item is not there on 404', async () => {
    serve(buildDetail({ id: 6 }));
    renderAt('/v2/library/5');
    expect(await screen.findByRole('heading', { level: 1, name: '자료를 찾을 수 없어요' })).toBeTruthy();
  });
});
