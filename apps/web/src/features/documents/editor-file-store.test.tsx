import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FileStore, fileStore } from '../../lib/file-store';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on, type Route } from '../library/library-fixtures';
import { NewDocumentEditorPage } from './components/new-document-editor-page';
import { buildModel, editorIn } from './document-fixtures';
import { draftKey, openFileKey } from './editor-drafts';

// The real store on a map in place of IndexedDB.
vi.mock('../../lib/file-store', async (importOriginal) =>
  (await import('../../test/memory-file-store')).withMemoryFileStore(importOriginal),
);

const store = fileStore() as FileStore;

function serve(...routes: Route[]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/immersive/document/editor', element: <NewDocumentEditorPage /> },
      { path: '/document/editor/:id', element: <p>editor of saved document</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

const draftDocument = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '되살린 문장입니다.' }] }],
};

beforeEach(async () => {
  await loadPageTexts(['documents', 'library']);
  await store.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the HWP editor and the local file store', () => {
  it('restores unsaved edits after a reload, and discarding them goes back to the file as opened', async () => {
    serve();
    await store.put(
      draftKey('blank'),
      new Blob([JSON.stringify({ title: '복구된 제목', document: draftDocument })], {
        type: 'application/json',
      }),
    );
    renderAt('/immersive/document/editor');

    expect(await screen.findByText('저장하지 않은 편집을 되살렸어요')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).toContain('되살린 문장입니다.'),
    );
    expect((screen.getByRole('textbox', { name: '문서 제목' }) as HTMLInputElement).value).toBe(
      '복구된 제목',
    );

    fireEvent.click(screen.getByRole('button', { name: '편집 내용 버리기' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).not.toContain('되살린'),
    );
    expect(await store.get(draftKey('blank'))).toBeNull();
  });

  it('keeps the edits in the store a moment after the last change', async () => {
    serve();
    const { container } = renderAt('/immersive/document/editor');
    await screen.findByRole('textbox', { name: '문서 본문' });
    const editor = editorIn(container);
    act(() => {
      editor.commands.insertContent('새로 쓴 문장');
    });
    await waitFor(
      async () => {
        const kept = await store.get(draftKey('blank'));
        expect(kept).toBeTruthy();
        expect(await kept?.text()).toContain('새로 쓴 문장');
      },
      { timeout: 3000 },
    );
  });

  it('reads an opened file back from the store after a reload instead of downloading it', async () => {
    const { calls } = serve(
      on('POST', '/api/v1/hwp/upload', () =>
        Response.json({
          fileUrl: 'up-9',
          fileName: '가정통신문.hwpx',
          fileType: 'hwpx',
          downloadUrl: '/api/v1/hwp/download?fileUrl=up-9',
          document: buildModel(),
          text: '3학년 수학 평가계획',
        }),
      ),
    );
    await store.put(openFileKey('up-9'), new File(['hwpx bytes'], '가정통신문.hwpx'));
    renderAt(
      '/immersive/document/editor?fileUrl=up-9&fileName=%EA%B0%80%EC%A0%95%ED%86%B5%EC%8B%A0%EB%AC%B8.hwpx',
    );

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).toContain('3학년 수학 평가계획'),
    );
    expect(calls.some((call) => call.url.pathname === '/api/v1/hwp/download')).toBe(false);
    expect(calls.filter((call) => call.url.pathname === '/api/v1/hwp/upload')).toHaveLength(1);
  });

  it('keeps a file the teacher opens, under its file address', async () => {
    serve(
      on('POST', '/api/v1/hwp/upload', () =>
        Response.json({
          fileUrl: 'up-3',
          fileName: '학급 규칙.docx',
          fileType: 'docx',
          downloadUrl: '/api/v1/hwp/download?fileUrl=up-3',
          document: buildModel(),
          text: '3학년 수학 평가계획',
        }),
      ),
    );
    const { container } = renderAt('/immersive/document/editor');
    await screen.findByRole('textbox', { name: '문서 본문' });
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File(['docx'], '학급 규칙.docx')],
      configurable: true,
    });
    fireEvent.change(input);
    await waitFor(async () => expect((await store.get(openFileKey('up-3')))?.name).toBe('학급 규칙.docx'));
  });
});
