import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on, type Route } from '../library/library-fixtures';
import { DocumentViewerPage } from './components/document-viewer-page';
import { NewDocumentEditorPage } from './components/new-document-editor-page';
import { buildLibraryDocument, buildModel, nodesOf } from './document-fixtures';

function serve(...routes: Route[]) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', fake.fetchMock);
  return fake;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/document/:id', element: <DocumentViewerPage /> },
      { path: '/immersive/document/:id', element: <DocumentViewerPage /> },
      { path: '/immersive/document/editor', element: <NewDocumentEditorPage /> },
      { path: '/document/editor/:id', element: <p>editor of saved document</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}

function chooseFile(container: HTMLElement, file: File) {
  const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(async () => {
  await loadPageTexts(['documents', 'library']);
});

describe('DocumentViewerPage', () => {
  it('renders the headings, the table with its spans and the list, read-only', async () => {
    const { calls } = serve(
      on('GET', '/api/v1/document/library/7', () => Response.json(buildLibraryDocument())),
    );
    renderAt('/immersive/document/7?type=EVALUATION_PLAN');

    expect(await screen.findByRole('heading', { level: 1, name: '수학 분수 평가계획' })).toBeTruthy();
    const article = screen.getByRole('article', { name: '수학 분수 평가계획' });
    expect(within(article).getByRole('heading', { level: 1, name: '3학년 수학 평가계획' })).toBeTruthy();
    const table = within(article).getByRole('table');
    const header = within(table).getByRole('columnheader', { name: '평가 영역' });
    expect(header.getAttribute('colspan')).toBe('2');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['분수', '이해하기', '서술형']);
    expect(within(article).getByRole('listitem').textContent).toBe('수업 중 관찰');
    expect(article.querySelector('[contenteditable]')).toBeNull();
    expect(calls[0]?.url.searchParams.get('type')).toBe('EVALUATION_PLAN');
    expect(screen.getByRole('link', { name: '편집' }).getAttribute('href')).toBe('/document/editor/7');
    // An evaluation plan's recreate mode opens its panel with this document.
    expect(screen.getByRole('link', { name: '다시 만들기' }).getAttribute('href')).toBe(
      '/v2/tool/list?tool=evaluation-plan&recreate=7',
    );
  });

  it('offers every studio document to its maker to make again, in its tool’s panel', async () => {
    const routes: Record<string, string> = {
      MEETING_MINUTES: 'meeting-minutes',
      GROUP_PLAY_PLAN: 'group-play-plan',
      GROUP_PLAY_LESSON_PLAN: 'group-play-lesson-plan',
      COUNSEL_STUDENT: 'counsel-student',
      // The sheet and the record share the type; the panel host opens the form it was made with.
      COUNSEL_PARENT: 'counsel-parent',
      COUNSEL_PARENT_SCRIPT: 'counsel-parent-script',
      PARENT_LETTER: 'parent-letter',
    };
    let libraryType = '';
    serve(
      on('GET', '/api/v1/document/library/7', () =>
        Response.json(buildLibraryDocument({ libraryType, title: libraryType })),
      ),
    );
    for (const [type, route] of Object.entries(routes)) {
      libraryType = type;
      const { unmount } = renderAt(`/immersive/document/7?type=${type}`);
      await screen.findByRole('heading', { level: 1, name: type });
      expect(screen.getByRole('link', { name: '다시 만들기' }).getAttribute('href')).toBe(
        `/v2/tool/list?tool=${route}&recreate=7`,
      );
      unmount();
    }
  });

  it('downloads each format from the export call and prints', async () => {
    const { calls } = serve(
      on('GET', '/api/v1/document/library/7', () =>
        Response.json(
          buildLibraryDocument({
            abilities: {
              view: true,
              use: true,
              edit: false,
              copy: false,
              changeSettings: false,
              delete: false,
            },
          }),
        ),
      ),
      on('GET', '/api/v1/document/library/7/export', () => new Response(new Blob(['%PDF']))),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    // happy-dom has no print dialog.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/document/7');

    await screen.findByRole('heading', { level: 1, name: '수학 분수 평가계획' });
    expect(screen.queryByRole('link', { name: '편집' })).toBeNull();
    const names = ['한글 (.hwp)', '한글 (.hwpx)', 'DOCX', 'PDF'];
    for (const name of names) {
      fireEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(downloads).toHaveLength(names.indexOf(name) + 1));
    }
    expect(downloads).toEqual([
      '수학 분수 평가계획.hwp',
      '수학 분수 평가계획.hwpx',
      '수학 분수 평가계획.docx',
      '수학 분수 평가계획.pdf',
    ]);
    expect(
      calls
        .filter((call) => call.url.pathname === '/api/v1/document/library/7/export')
        .map((call) => call.url.searchParams.get('format')),
    ).toEqual(['hwp', 'hwpx', 'docx', 'pdf']);

    fireEvent.click(screen.getByRole('button', { name: '인쇄' }));
    expect(print).toHaveBeenCalled();
  });

  it('says so when the document is not there', async () => {
    serve();
    renderAt('/document/404');
    expect(await screen.findByRole('heading', { level: 1, name: '문서를 찾을 수 없어요' })).toBeTruthy();
  });
});

describe('NewDocumentEditorPage', () => {
  it("shows the server's reason when a file cannot be opened", async () => {
    serve(
      on('POST', '/api/v1/hwp/upload', () =>
        Response.json(
          {
            code: 'E_FILE_001',
            message: '파일을 처리할 수 없습니다.',
            details: [
              {
                path: 'file',
                message: '암호가 걸린 문서는 열 수 없습니다. 암호를 해제한 뒤 다시 올려 주세요.',
              },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { container } = renderAt('/immersive/document/editor');
    await screen.findByRole('textbox', { name: '문서 본문' });
    chooseFile(container, new File(['x'], '잠긴 문서.hwp'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('암호가 걸린 문서는 열 수 없습니다.');
  });

  it('opens an uploaded file into the editor and saves it to My Materials', async () => {
    const { calls } = serve(
      on('POST', '/api/v1/hwp/upload', () =>
        Response.json({
          fileUrl: 'up-1',
          fileName: '가정통신문.hwpx',
          fileType: 'hwpx',
          downloadUrl: '/api/v1/hwp/download?fileUrl=up-1',
          document: buildModel(),
          text: '3학년 수학 평가계획',
        }),
      ),
      on('POST', '/api/v1/document/library', () => Response.json({ id: 31 }, { status: 201 })),
    );
    const { container, router } = renderAt('/immersive/document/editor');
    await screen.findByRole('textbox', { name: '문서 본문' });
    chooseFile(container, new File(['x'], '가정통신문.hwpx'));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).toContain('3학년 수학 평가계획'),
    );
    expect(router.state.location.search).toContain('fileUrl=up-1');
    expect((screen.getByRole('textbox', { name: '문서 제목' }) as HTMLInputElement).value).toBe('가정통신문');

    fireEvent.click(screen.getByRole('button', { name: '내 자료로 저장' }));
    const dialog = await screen.findByRole('dialog', { name: '내 자료로 저장' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '우리 학교 공개' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/document/editor/31'));
    const created = calls.find(
      (call) => call.method === 'POST' && call.url.pathname === '/api/v1/document/library',
    );
    const body = created?.body as {
      title: string;
      accessLevel: string;
      editable: boolean;
      document: unknown;
    };
    expect(body).toMatchObject({ title: '가정통신문', accessLevel: 'SCHOOL', editable: true });
    expect(nodesOf(body.document).some((node) => node.type === 'table')).toBe(true);
  });

  it('downloads an opened file as it is, without asking to save it first', async () => {
    const { calls } = serve(
      on('POST', '/api/v1/hwp/upload', () =>
        Response.json({
          fileUrl: 'up-2',
          fileName: '학급 규칙.docx',
          fileType: 'docx',
          downloadUrl: '/api/v1/hwp/download?fileUrl=up-2',
          document: buildModel(),
          text: '3학년 수학 평가계획',
        }),
      ),
      on('POST', '/api/v1/document/export', () => new Response(new Blob(['hwp']))),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { container } = renderAt('/immersive/document/editor');
    await screen.findByRole('textbox', { name: '문서 본문' });
    chooseFile(container, new File(['x'], '학급 규칙.docx'));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: '문서 본문' }).textContent).toContain('3학년 수학 평가계획'),
    );

    fireEvent.click(screen.getByRole('button', { name: '한글 (.hwp)' }));
    await waitFor(() => expect(downloads).toEqual(['학급 규칙.hwp']));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/v1/document/library')).toBe(false);
    const exported = calls.find((call) => call.url.pathname === '/api/v1/document/export');
    const body = exported?.body as { title: string; format: string; document: unknown };
    expect(body).toMatchObject({ title: '학급 규칙', format: 'hwp' });
    expect(nodesOf(body.document).some((node) => node.type === 'table')).toBe(true);
  });
});
