import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on } from '../library/library-fixtures';
import { AboutPage } from './about-page';
import { ContactPage } from './contact-page';

function renderPage(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }]);
  renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadPageTexts(['about']);
});

describe('AboutPage', () => {
  it('says what Ssaem keeps to and leads on to the plans and to contact', () => {
    renderPage(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('선생님의 하루를 덜어 주는 도구, 쌤');
    expect(screen.getByRole('heading', { name: '학생 개인정보는 밖으로 나가지 않아요' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '도입 문의하기' }).getAttribute('href')).toBe('/contact');
  });
});

describe('ContactPage', () => {
  it('asks for consent before sending, then sends the inquiry and shows its number', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('POST', '/api/v1/public/contact', () =>
        Response.json({ id: 42, receivedAt: '2026-11-28T00:00:00Z' }, { status: 201 }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<ContactPage />);
    const fill = (name: RegExp, value: string) =>
      fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
    fill(/학교·기관 이름/, '서울가락초등학교');
    fill(/담당자 이름/, '김담당');
    fill(/이메일/, 'office@school.example');
    fill(/문의 내용/, '학교 전체 도입 견적을 받고 싶습니다.');
    fireEvent.click(screen.getByRole('button', { name: '문의 보내기' }));
    expect(await screen.findByText('개인정보 수집·이용에 동의해야 문의를 보낼 수 있습니다.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용에 동의합니다' }));
    fireEvent.click(screen.getByRole('button', { name: '문의 보내기' }));
    expect(await screen.findByText(/접수 번호는 42번이에요/)).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      organization: '서울가락초등학교',
      name: '김담당',
      email: 'office@school.example',
      kind: 'PURCHASE',
      message: '학교 전체 도입 견적을 받고 싶습니다.',
      consent: true,
    });
  });
});
