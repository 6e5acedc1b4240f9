import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { buildCard, buildPage, fakeFetch, on } from '../library/library-fixtures';
import { MyMaterialsPage } from './components/my-materials-page';
import { buildFolderTree, currentSchoolYear } from './folder-tree-model';

const FOLDERS = [
  { id: 1, name: '수학', parentId: null, itemCount: 2, createdAt: '2026-03-01T00:00:00.000Z' },
  { id: 2, name: '분수', parentId: 1, itemCount: 1, createdAt: '2026-03-02T00:00:00.000Z' },
];

function serve() {
  const fake = fakeFetch([
    on('GET', '/api/v1/my-materials', () =>
      Response.json({ ...buildPage([buildCard({ id: 5 })]), year: currentSchoolYear() }),
    ),
    on('GET', '/api/v1/my-materials/folder', () => Response.json(FOLDERS)),
    on('POST', '/api/v1/my-materials/folder', (_url, body) =>
      Response.json({
        id: 3,
        parentId: null,
        itemCount: 0,
        createdAt: '2026-03-03T00:00:00.000Z',
        ...(body as object),
      }),
    ),
    on('POST', '/api/v1/my-materials/folder-library', () => Response.json({ success: true })),
    on('DELETE', /^\/api\/v1\/my-materials\/folder\/\d+$/, () => Response.json({ success: true })),
    on('GET', '/api/v1/library/recent/5', () => Response.json([buildCard({ id: 7, title: '내 최근 자료' })])),
    on('GET', '/api/v1/library/shared/recent/5', () =>
      Response.json([buildCard({ id: 8, title: '공유된 자료', author: { id: 9, name: '박선생' } })]),
    ),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function listCalls(calls: Array<{ url: URL; method: string }>) {
  return calls
    .filter((call) => call.method === 'GET' && call.url.pathname === '/api/v1/my-materials')
    .map((call) => call.url.searchParams);
}

function renderAt(path = '/my-materials') {
  const router = createMemoryRouter([{ path: '/my-materials', element: <MyMaterialsPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await loadPageTexts(['library']);
});

describe('MyMaterialsPage', () => {
  it('refuses an empty folder name, then creates the folder', async () => {
    const { calls } = serve();
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: '새 폴더' }));
    const dialog = await screen.findByRole('dialog', { name: '새 폴더 만들기' });
    fireEvent.click(within(dialog).getByRole('button', { name: '만들기' }));
    expect(await within(dialog).findByText('폴더 이름을 입력해주세요.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: '폴더 이름' }), {
      target: { value: '  과학  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '만들기' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: '과학', parentId: null }),
    );
    expect(await screen.findByText('폴더를 만들었어요.')).toBeTruthy();
  });

  it('filters by material type, tab and folder, all in the request', async () => {
    const { calls } = serve();
    const router = renderAt();
    expect(await screen.findByRole('link', { name: '3학년 수학 분수 단원 수업 자료' })).toBeTruthy();
    expect(listCalls(calls)[0]?.get('tab')).toBe('CREATED');
    expect(listCalls(calls)[0]?.has('materialType')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: '요약하기' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('materialType')).toBe('summary'));
    expect(router.state.location.search).toBe('?materialType=summary');

    fireEvent.click(screen.getByRole('tab', { name: '즐겨찾기' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('tab')).toBe('FAVORITES'));

    fireEvent.click(await screen.findByRole('button', { name: /^분수\s?1개$/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('folderId')).toBe('2'));
    expect(listCalls(calls).at(-1)?.get('materialType')).toBe('summary');
  });

  it('asks the school year it shows and offers earlier years', async () => {
    const { calls } = serve();
    renderAt();
    const year = await screen.findByRole('combobox', { name: '학년도' });
    const last = currentSchoolYear() - 1;
    fireEvent.change(year, { target: { value: String(last) } });
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('year')).toBe(String(last)));
  });

  it('moves an item into a folder from its menu', async () => {
    const { calls } = serve();
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: '3학년 수학 분수 단원 수업 자료 자료 메뉴' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '분수' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname.endsWith('/folder-library'))?.body).toEqual({
        folderId: 2,
        libraryIds: [5],
      }),
    );
  });

  it('deletes a folder, moving its contents to the root unless told otherwise', async () => {
    const { calls } = serve();
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: '수학 폴더 메뉴' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '폴더 삭제' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '자료도 함께 삭제하기' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => {
      const call = calls.find((c) => c.method === 'DELETE');
      expect(call?.url.pathname).toBe('/api/v1/my-materials/folder/1');
      expect(call?.url.searchParams.get('deleteType')).toBe('DELETE_CONTENTS');
    });
  });

  it('lists recent and recently shared materials with their authors', async () => {
    serve();
    renderAt();
    const recent = await screen.findByRole('region', { name: '최근 자료' });
    expect(await within(recent).findByRole('link', { name: '내 최근 자료' })).toBeTruthy();
    const shared = screen.getByRole('region', { name: '최근 공유된 자료' });
    expect(await within(shared).findByText(/박선생 선생님/)).toBeTruthy();
  });
});

describe('buildFolderTree', () => {
  it('nests folders under their parents', () => {
    const tree = buildFolderTree(FOLDERS);
    expect(tree.map((node) => node.name)).toEqual(['수학']);
    expect(tree[0]?.children.map((node) => [node.name, node.depth])).toEqual([['분수', 1]]);
  });

  it('puts a folder whose parent is gone at the root', () => {
    const tree = buildFolderTree([{ ...FOLDERS[1], parentId: 42 } as (typeof FOLDERS)[number]]);
    expect(tree.map((node) => node.name)).toEqual(['분수']);
  });
});

describe('currentSchoolYear', () => {
  it('runs from March to February', () => {
    expect(currentSchoolYear(new Date(2026, 1, 28))).toBe(2025);
    expect(currentSchoolYear(new Date(2026, 2, 1))).toBe(2026);
  });
});
