import type { LibraryDocument } from '@ssaem/contracts/documents';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on, type Route } from '../library/library-fixtures';
import { DocumentEditorPage } from './components/document-editor-page';
import { buildLibraryDocument, editorIn, nodesOf } from './document-fixtures';

function serve(item: LibraryDocument, ...routes: Route[]) {
  const fake = fakeFetch([
    ...routes,
    on('GET', `/api/v1/document/library/${item.id}`, () => Response.json(item)),
    on('PUT', `/api/v1/document/library/${item.id}`, (_url, body) =>
      Response.json({ ...item, ...(body as object), edited: true }),
    ),
  ]);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/document/editor/:id', element: <DocumentEditorPage /> },
      { path: '/document/:id', element: <p>viewer</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

beforeEach(async () => {
  await loadPageTexts(['documents', 'library']);
});

describe('DocumentEditorPage', () => {
  it('keeps the document assistant beside a saved document, and hides it on request', async () => {
    serve(buildLibraryDocument());
    renderAt('/document/editor/7');
    await screen.findByRole('textbox', { name: '문서 본문' });
    expect(screen.getByRole('region', { name: '문서 AI 도우미' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'AI 도우미' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('region', { name: '문서 AI 도우미' })).toBeNull());
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('saves a pause after the last change, once, with the edited model', async () => {
    const { calls } = serve(buildLibraryDocument());
    const { container } = renderAt('/document/editor/7');
    await screen.findByRole('textbox', { name: '문서 본문' });
    expect(screen.getByText('저장됨')).toBeTruthy();

    const editor = editorIn(container);
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 3);
      editor.commands.insertContent('과 발표');
    });
    act(() => {
      editor.commands.insertContent('하기');
    });
    expect(screen.getByText('저장 중…')).toBeTruthy();

    expect(await screen.findByText('저장됨', undefined, { timeout: 8000 })).toBeTruthy();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(1);
    const body = puts[0]?.body as { title: string; document: unknown };
    expect(body.title).toBe('수학 분수 평가계획');
    expect(nodesOf(body.document).some((node) => node.text === '수업 중 관찰과 발표하기')).toBe(true);
    expect(nodesOf(body.document).some((node) => node.type === 'table')).toBe(true);
  });

  it('saves a new title, and says so when the save fails', async () => {
    const { calls } = serve(
      buildLibraryDocument(),
      on('PUT', '/api/v1/document/library/7', () =>
        Response.json({ code: 'E_FORBIDDEN', message: '권한이 없습니다.' }, { status: 403 }),
      ),
    );
    renderAt('/document/editor/7');
    const title = await screen.findByRole('textbox', { name: '문서 제목' });
    fireEvent.change(title, { target: { value: '분수 평가계획 (수정)' } });

    expect(await screen.findByText('저장 실패', undefined, { timeout: 8000 })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      title: '분수 평가계획 (수정)',
    });
    expect(screen.getByRole('button', { name: '다시 저장' })).toBeTruthy();
  });

  it('downloads HWPX from the export call, named after the title', async () => {
    const { calls } = serve(
      buildLibraryDocument(),
      on('GET', '/api/v1/document/library/7/export', () => new Response(new Blob(['PK']), { status: 200 })),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderAt('/document/editor/7');

    fireEvent.click(await screen.findByRole('button', { name: '한글 (.hwpx)' }));
    await waitFor(() => expect(clicks).toEqual(['수학 분수 평가계획.hwpx']));
    const exportCall = calls.find((call) => call.url.pathname === '/api/v1/document/library/7/export');
    expect(exportCall?.url.searchParams.get('format')).toBe('hwpx');
  });

  it('offers the creator the access settings', async () => {
    const { calls } = serve(
      buildLibraryDocument(),
      on('PUT', '/api/v1/library/7/access-setting', (_url, body) =>
        Response.json({ id: 7, ...(body as object) }),
      ),
    );
    renderAt('/document/editor/7');
    fireEvent.click(await screen.findByRole('button', { name: '공개 설정' }));
    fireEvent.click(await screen.findByRole('radio', { name: '전체 공개' }));
    fireEvent.click(screen.getByRole('button', { name: '설정 저장' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname === '/api/v1/library/7/access-setting')?.body).toEqual({
        visibility: 'PUBLIC',
        editable: true,
      }),
    );
  });

  it('does not open the editor for a teacher who may not edit', async () => {
    serve(
      buildLibraryDocument({
        abilities: { view: true, use: true, edit: false, copy: true, changeSettings: false, delete: false },
      }),
    );
    renderAt('/document/editor/7');
    expect(await screen.findByText('이 문서는 편집할 수 없어요')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '문서 본문' })).toBeNull();
    expect(screen.getByRole('link', { name: '보기' }).getAttribute('href')).toBe('/document/7');
  });
});
