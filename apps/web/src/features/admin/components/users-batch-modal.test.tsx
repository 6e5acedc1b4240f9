import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../../lib/i18n';
import { renderWithProviders } from '../../../test/render';
import { fakeFetch } from '../../library/library-fixtures';
import { UsersBatchModal } from './users-batch-modal';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The batch route answered with `answer`; the uploaded form of each call kept. */
function serve(answer: () => Response) {
  const forms: FormData[] = [];
  const { fetchMock } = fakeFetch([
    (url, init) => {
      if (url.pathname !== '/api/v1/users/batch' || init?.method !== 'POST') return undefined;
      if (init.body instanceof FormData) forms.push(init.body);
      return answer();
    },
  ]);
  vi.stubGlobal('fetch', fetchMock);
  return forms;
}

function chooseSheet(dialog: HTMLElement) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['xlsx'], '계정.xlsx')] } });
}

beforeEach(async () => {
  await loadPageTexts(['admin']);
});

describe('UsersBatchModal', () => {
  it('uploads the sheet and shows every problem by row and column, saying nothing was created', async () => {
    const forms = serve(() =>
      json(200, {
        rows: 3,
        created: [],
        problems: [
          { row: 3, column: '아이디', message: '이미 등록된 아이디입니다.' },
          { row: 4, column: '역할', message: '역할은 교사 또는 학생으로 입력해주세요.' },
        ],
      }),
    );
    renderWithProviders(<UsersBatchModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '엑셀로 계정 일괄 등록' });
    const submit = within(dialog).getByRole('button', { name: '검사하고 등록하기' });
    expect(submit.hasAttribute('disabled') || submit.getAttribute('data-disabled') === 'true').toBe(true);
    chooseSheet(dialog);
    fireEvent.click(submit);

    const table = await within(dialog).findByRole('table', { name: '검사 결과' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '3아이디이미 등록된 아이디입니다.',
      '4역할역할은 교사 또는 학생으로 입력해주세요.',
    ]);
    expect(within(dialog).getByText('고친 뒤 다시 올려 주세요. 아무 계정도 만들지 않았습니다.')).toBeTruthy();
    expect(forms).toHaveLength(1);
    const sent = forms[0]?.get('file');
    expect(sent instanceof File ? sent.name : sent).toBe('계정.xlsx');
  });

  it('lists the accounts made, with a generated password shown this once', async () => {
    serve(() =>
      json(201, {
        rows: 2,
        problems: [],
        created: [
          {
            id: 7,
            username: 'kim.teacher',
            name: '김선생',
            role: 'ROLE_TEACHER',
            initialPassword: 'Xk7mP2qR9a',
          },
          { id: 8, username: 'lee.pupil', name: '이학생', role: 'ROLE_STUDENT', initialPassword: null },
        ],
      }),
    );
    renderWithProviders(<UsersBatchModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '엑셀로 계정 일괄 등록' });
    chooseSheet(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '검사하고 등록하기' }));

    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', '계정 2개를 만들었어요.');
    const table = within(dialog).getByRole('table', { name: '만든 계정' });
    expect(within(table).getByText('Xk7mP2qR9a')).toBeTruthy();
    expect(within(table).getByText('파일에 적은 비밀번호')).toBeTruthy();
    expect(within(dialog).getByText(/지금 한 번만 보여 줍니다/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '검사하고 등록하기' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '닫기' })).toBeTruthy();
  });

  it('says why a file could not be read (E_EXCEL_001)', async () => {
    serve(() =>
      json(400, {
        code: 'E_EXCEL_001',
        message: '엑셀 파일 생성 중 오류가 발생했습니다.',
        details: [{ path: 'file', message: '압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.' }],
      }),
    );
    renderWithProviders(<UsersBatchModal onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: '엑셀로 계정 일괄 등록' });
    chooseSheet(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '검사하고 등록하기' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        '압축을 풀면 지나치게 커지는 파일이라 열지 않았습니다.',
      ),
    );
  });
});
