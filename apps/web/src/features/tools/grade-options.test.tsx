import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { GradeSelect } from './panel/grade-subject-select';
import { baseHandlers, fakeToolsFetch } from './tools-fixtures';

const roles = vi.hoisted(() => ({ admin: false }));
vi.mock('../../lib/auth/auth-client', () => ({
  hasRealmRole: (role: string) => roles.admin && role === 'ROLE_ADMIN',
}));

beforeEach(async () => {
  roles.admin = false;
  await loadPageTexts(['tools']);
  vi.stubGlobal('fetch', fakeToolsFetch(baseHandlers({ levelCodeSeq: 1 })).fetchMock);
});

function optionNames() {
  return within(screen.getByRole('combobox', { name: '학년' }))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('GradeSelect', () => {
  it("offers a teacher the grades of their school's level only", async () => {
    renderWithProviders(<GradeSelect value={null} onChange={() => {}} />);
    await waitFor(() => expect(optionNames()).toEqual(['학년 선택', '초3', '초4']));
  });

  it('offers an administrator every grade', async () => {
    roles.admin = true;
    renderWithProviders(<GradeSelect value={null} onChange={() => {}} />);
    await waitFor(() => expect(optionNames()).toEqual(['학년 선택', '초3', '초4', '중1']));
  });
});
