import type { Tool } from '@ssaem/contracts/tools';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors } from '../../../lib/field-errors';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch, on } from '../../library/library-fixtures';
import { applyMove, groupCatalogue, planDrop } from '../catalogue-tree';
import { ToolCataloguePage } from './tool-catalogue-page';
import { ToolEditPage } from './tool-edit-page';

// Mantine's autosize textarea listens for web fonts; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const ALL_ROLES = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_TEACHER',
  'ROLE_STUDENT',
  'ROLE_PROVIDER',
] as const;

const tool = (id: number, codeName: string, overrides: Partial<Tool> = {}): Tool => ({
  id,
  parentId: null,
  codeName,
  libraryType: null,
  sort: id,
  colour: '#1971c2',
  icon: 'notes',
  label: `도구 ${codeName}`,
  description: '',
  route: codeName.toLowerCase(),
  kind: 'button',
  promptSeq: null,
  useYn: 'Y',
  labelKo: `도구 ${codeName}`,
  labelEn: `Tool ${codeName}`,
  descriptionKo: '',
  descriptionEn: '',
  visibleRoles: [...ALL_ROLES],
  ...overrides,
});

// Two groups (COUNSEL with two children, PLAY with one) and a tool on its own.
const CATALOGUE: Tool[] = [
  tool(1, 'SUMMARY', { sort: 1 }),
  tool(2, 'COUNSEL', { sort: 2 }),
  tool(3, 'COUNSEL_STUDENT', { parentId: 2, sort: 1 }),
  tool(4, 'COUNSEL_PARENT', { parentId: 2, sort: 2, useYn: 'N' }),
  tool(5, 'PLAY', { sort: 3, visibleRoles: ['ROLE_TEACHER'] }),
  tool(6, 'PLAY_PLAN', { parentId: 5, sort: 1 }),
];

function serve(catalogue: Tool[] = CATALOGUE, taken = new Set<string>()) {
  const { fetchMock, calls } = fakeFetch([
    on('GET', '/api/v1/tool/list', () => Response.json(catalogue)),
    on('GET', /^\/api\/v1\/tool\/\d+$/, (url) =>
      Response.json(catalogue.find((t) => t.id === Number(url.pathname.split('/').at(-1)))),
    ),
    on('POST', '/api/v1/tool', (_url, body) => {
      const input = body as Tool;
      if (taken.has(input.codeName))
        return Response.json(
          { code: 'E_TOOL_CODE_TAKEN', message: '이미 쓰고 있는 도구 코드입니다.' },
          { status: 409 },
        );
      return Response.json(tool(9, input.codeName, { ...input, label: input.labelKo ?? '' }), {
        status: 201,
      });
    }),
    on('PUT', /^\/api\/v1\/tool\/\d+$/, (url, body) => {
      const before = catalogue.find((t) => t.id === Number(url.pathname.split('/').at(-1))) as Tool;
      if ((body as { route?: string }).route === 'http://x')
        return Response.json(
          {
            code: 'E_VALIDATION',
            message: '입력값을 확인해 주세요.',
            details: [{ path: 'body.route', message: '경로는 영문 소문자, 숫자, -, /로 씁니다.' }],
          },
          { status: 400 },
        );
      return Response.json({ ...before, ...(body as object) });
    }),
  ]);
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/tools', element: <ToolCataloguePage /> },
      { path: '/admin/tools/new', element: <ToolEditPage /> },
      { path: '/admin/tools/:toolId/edit', element: <ToolEditPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('the drop plan', () => {
  const groups = groupCatalogue(CATALOGUE);

  it('reorders among siblings, the top level and inside a group alike', () => {
    expect(groups.map((g) => [g.tool.codeName, g.children.map((c) => c.codeName)])).toEqual([
      ['SUMMARY', []],
      ['COUNSEL', ['COUNSEL_STUDENT', 'COUNSEL_PARENT']],
      ['PLAY', ['PLAY_PLAN']],
    ]);
    expect(planDrop(groups, 5, 1)).toEqual({ kind: 'order', id: 5, sort: 1 });
    expect(planDrop(groups, 4, 3)).toEqual({ kind: 'order', id: 4, sort: 1 });
    expect(planDrop(groups, 4, 4)).toBeNull();
  });

  it('moves a child to another group or out to the top level, never a group under another', () => {
    expect(planDrop(groups, 6, 4)).toEqual({ kind: 'parent', id: 6, parentId: 2, sort: 2 });
    expect(planDrop(groups, 3, 1)).toEqual({ kind: 'parent', id: 3, parentId: null, sort: 1 });
    expect(planDrop(groups, 1, 6)).toEqual({ kind: 'parent', id: 1, parentId: 5, sort: 1 });
    expect(planDrop(groups, 2, 6)).toBeNull();
  });

  it('shows the move before the server answers: a group keeps its children', () => {
    const moved = applyMove(groups, { kind: 'order', id: 5, sort: 1 });
    expect(moved.map((g) => g.tool.codeName)).toEqual(['PLAY', 'SUMMARY', 'COUNSEL']);
    expect(moved[0]?.children.map((c) => c.codeName)).toEqual(['PLAY_PLAN']);
    const across = applyMove(groups, { kind: 'parent', id: 6, parentId: 2, sort: 2 });
    expect(across[1]?.children.map((c) => c.codeName)).toEqual([
      'COUNSEL_STUDENT',
      'PLAY_PLAN',
      'COUNSEL_PARENT',
    ]);
    expect(across[2]?.children).toEqual([]);
  });
});

describe('the tool catalogue page', () => {
  it('lists the groups with their children, hidden tools and narrowed roles marked', async () => {
    serve();
    renderAt('/admin/tools');
    const counsel = await screen.findByRole('list', { name: '도구 COUNSEL' });
    const children = within(counsel).getAllByRole('listitem');
    expect(children.map((li) => li.textContent)).toEqual([
      expect.stringContaining('COUNSEL_STUDENT'),
      expect.stringContaining('COUNSEL_PARENT'),
    ]);
    expect(children[1]?.textContent).toContain('숨김');
    expect(screen.getByTestId('tool-row-PLAY').textContent).toContain('보이는 역할: 교사');
    // Every row can be picked up from the keyboard.
    expect(screen.getByRole('button', { name: '도구 SUMMARY 순서 바꾸기' }).getAttribute('tabindex')).toBe(
      '0',
    );
  });

  it('says so when there is no tool yet', async () => {
    serve([]);
    renderAt('/admin/tools');
    expect((await screen.findByText('아직 도구가 없어요.')).closest('[role="status"]')).toBeTruthy();
  });

  it('creates a tool in the modal: field errors first, then the server', async () => {
    const calls = serve(CATALOGUE, new Set(['SUMMARY']));
    renderAt('/admin/tools');
    fireEvent.click(await screen.findByRole('button', { name: '새 도구 만들기' }));
    const form = await screen.findByRole('form', { name: '새 도구 만들기' });
    fireEvent.change(within(form).getByLabelText(/코드 이름/), { target: { value: 'summary' } });
    fireEvent.click(within(form).getByRole('button', { name: '만들기' }));
    // The shared schema: names and route are missing.
    expect(await within(form).findByText('한국어 이름을 입력해 주세요.')).toBeTruthy();
    expect(within(form).getByText('경로는 영문 소문자, 숫자, -, /로 씁니다.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/이름 \(한국어\)/), { target: { value: '회의록' } });
    fireEvent.change(within(form).getByLabelText(/이름 \(영어\)/), { target: { value: 'Minutes' } });
    fireEvent.change(within(form).getByLabelText(/^경로/), { target: { value: 'meeting-minutes' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: '학생' }));
    fireEvent.click(within(form).getByRole('button', { name: '만들기' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('이미 쓰고 있는 도구 코드입니다.');

    fireEvent.change(within(form).getByLabelText(/코드 이름/), { target: { value: 'MEETING_MINUTES' } });
    fireEvent.click(within(form).getByRole('button', { name: '만들기' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: '새 도구 만들기' })).toBeNull());
    const posted = calls.filter((call) => call.method === 'POST').at(-1)?.body as Record<string, unknown>;
    expect(posted).toMatchObject({
      codeName: 'MEETING_MINUTES',
      labelKo: '회의록',
      route: 'meeting-minutes',
      parentId: null,
      useYn: 'Y',
    });
    expect(posted.visibleRoles).toEqual(['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_TEACHER', 'ROLE_PROVIDER']);
  });

  it('asks before hiding a tool, and shows a hidden one again at once', async () => {
    const calls = serve();
    renderAt('/admin/tools');
    fireEvent.click(await screen.findByRole('button', { name: '도구 SUMMARY 숨기기' }));
    const dialog = await screen.findByRole('dialog', { name: '도구를 숨길까요?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '숨기기' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { useYn: 'N' } }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.url.pathname).toBe('/api/v1/tool/1');

    fireEvent.click(screen.getByRole('button', { name: '도구 COUNSEL_PARENT 다시 보이기' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({
        url: expect.objectContaining({ pathname: '/api/v1/tool/4' }),
        body: { useYn: 'Y' },
      }),
    );
  });
});

describe('the tool pages without the modal', () => {
  it('edits a tool on its own page, with the server’s field error under its field', async () => {
    const calls = serve();
    const router = renderAt('/admin/tools/5/edit');
    const form = await screen.findByRole('form', { name: '도구 수정' });
    const code = within(form).getByLabelText(/코드 이름/) as HTMLInputElement;
    expect(code.value).toBe('PLAY');
    expect(code.disabled).toBe(true);
    expect((within(form).getByRole('checkbox', { name: '교사' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: '학생' }) as HTMLInputElement).checked).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^경로/), { target: { value: 'http://x' } });
    fireEvent.click(within(form).getByRole('button', { name: '저장' }));
    // Not a route by the shared schema: refused before the server is asked.
    expect(await within(form).findByText('경로는 영문 소문자, 숫자, -, /로 씁니다.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^경로/), { target: { value: 'play' } });
    fireEvent.change(within(form).getByLabelText(/이름 \(영어\)/), { target: { value: 'Play together' } });
    fireEvent.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/tools'));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/v1/tool/5');
    expect(put?.body).toMatchObject({
      labelEn: 'Play together',
      route: 'play',
      visibleRoles: ['ROLE_TEACHER'],
    });
    expect(put?.body).not.toHaveProperty('codeName');
  });

  it('creates a tool on a full page and asks before saving a published tool as hidden', async () => {
    const calls = serve();
    renderAt('/admin/tools/1/edit');
    const form = await screen.findByRole('form', { name: '도구 수정' });
    fireEvent.click(within(form).getByRole('switch', { name: /공개/ }));
    fireEvent.click(within(form).getByRole('button', { name: '저장' }));
    const dialog = await screen.findByRole('dialog', { name: '도구를 숨길까요?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '숨기기' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ body: { useYn: 'N' } }),
    );
  });

  it('maps a field error the server names by where it was (body.route) to the field', () => {
    const error = new ApiError('E_VALIDATION', 400, 'x', [{ path: 'body.route', message: 'm' }]);
    expect(apiFieldErrors(error)).toEqual({ route: 'm' });
  });
});
