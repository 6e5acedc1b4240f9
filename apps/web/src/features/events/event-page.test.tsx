import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageTexts } from '../../lib/i18n';
import { renderWithProviders } from '../../test/render';
import { fakeFetch, on } from '../library/library-fixtures';
import { AdminEventsPage, fromKoreanInput, toKoreanInput } from './admin-events-page';
import { EventPage } from './event-page';

const fair = {
  slug: 'fair2025',
  name: '쌤 페어 2025 — 교실 AI 체험 박람회',
  venue: '서울 코엑스 컨퍼런스룸(남) 327호',
  startsAt: '2026-12-18T01:00:00.000Z',
  endsAt: '2026-12-18T08:00:00.000Z',
  registrationOpensAt: '2026-11-20T00:00:00.000Z',
  registrationClosesAt: '2026-12-16T09:00:00.000Z',
  capacity: 300,
  registered: 12,
  status: 'OPEN',
};

function renderAt(path: string, element: React.ReactElement, route = '/events/:slug') {
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await loadPageTexts(['events', 'signup', 'admin']);
});

describe('EventPage', () => {
  it('shows the schedule in Korean time and, while open, the form that needs a school and the consent', async () => {
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/public/events/fair2025', () => Response.json(fair)),
      on('GET', '/api/v1/public/schools', () =>
        Response.json({
          items: [
            {
              id: 7,
              schoolCode: 'B100000001',
              name: '서울가락초등학교',
              engName: null,
              level: '초등학교',
              levelCodeSeq: 1,
              officeName: '서울특별시교육청',
              address: '서울 송파구',
            },
          ],
          total: 1,
          pageIndex: 0,
          pageSize: 10,
        }),
      ),
      on('POST', '/api/v1/public/events/fair2025/registrations', () =>
        Response.json(
          { id: 31, registeredAt: '2026-11-29T03:00:00Z', deleteAfter: '2027-01-17T08:00:00.000Z' },
          { status: 201 },
        ),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/events/fair2025', <EventPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('쌤 페어 2025');
    expect(await screen.findByText('2026년 12월 18일 오전 10:00 – 오후 5:00')).toBeTruthy();
    expect(screen.getByText('300명 (신청 12명)')).toBeTruthy();
    expect(
      screen.getByText('보유 기간: 행사가 끝나고 30일 뒤까지. 그 뒤에는 자동으로 삭제해요.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /^이름/ }), { target: { value: '김하늘' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^이메일/ }), {
      target: { value: 'sky@school.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: '참가 신청하기' }));
    expect(await screen.findByText('개인정보 수집·이용에 동의해야 신청할 수 있습니다.')).toBeTruthy();
    expect(screen.getByText('학교를 검색해서 골라 주세요.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: '학교 이름' }), { target: { value: '가락' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    fireEvent.click(await screen.findByRole('radio', { name: /서울가락초등학교/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: '위 내용에 동의합니다' }));
    expect(screen.queryByText('개인정보 수집·이용에 동의해야 신청할 수 있습니다.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '참가 신청하기' }));
    expect(await screen.findByText(/신청 번호 31/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: '김하늘',
      schoolId: 7,
      email: 'sky@school.example',
      attendees: 1,
      consent: true,
    });
  });

  it('shows an ended event with its schedule and no form', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/public/events/arena2025', () =>
        Response.json({ ...fair, slug: 'arena2025', status: 'ENDED' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/events/arena2025', <EventPage />);
    expect(await screen.findByText(/이 행사는 끝났어요/)).toBeTruthy();
    // The badge beside the schedule and the notice where the form would be.
    expect(screen.getAllByText('행사 종료')).toHaveLength(2);
    expect(screen.getByText('수업 설계 (2시간)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '참가 신청하기' })).toBeNull();
  });

  it('says the server refused a closed registration', async () => {
    const { fetchMock } = fakeFetch([
      on('GET', '/api/v1/public/events/fair2025', () => Response.json({ ...fair, registered: 300 })),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/events/fair2025', <EventPage />);
    expect(await screen.findByText(/정원이 모두 찼어요/)).toBeTruthy();
  });

  it('answers an unknown event with the not-found page', async () => {
    renderAt('/events/fair2024', <EventPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('찾으시는 페이지가 없어요');
  });
});

describe('AdminEventsPage', () => {
  it('reads and writes the dates in Korean time', () => {
    expect(toKoreanInput('2025-08-08T01:00:00.000Z')).toBe('2025-08-08T10:00');
    expect(new Date(fromKoreanInput('2025-08-08T10:00')).toISOString()).toBe('2025-08-08T01:00:00.000Z');
  });

  it('lists the registrations and saves new dates and capacity', async () => {
    const ended = { ...fair, status: 'ENDED', registered: 2 };
    const { fetchMock, calls } = fakeFetch([
      on('GET', '/api/v1/admin/events/fair2025/registrations', () =>
        Response.json({
          event: ended,
          items: [
            {
              id: 1,
              name: '김하늘',
              schoolName: '서울가락초등학교',
              email: 'sky@school.example',
              phone: null,
              attendees: 2,
              createdAt: '2025-07-02T00:00:00.000Z',
            },
          ],
        }),
      ),
      on('PUT', '/api/v1/admin/events/fair2025', (_url, body) =>
        Response.json({ ...ended, ...(body as object), status: 'OPEN' }),
      ),
    ]);
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/admin/events', <AdminEventsPage />, '*');
    expect(await screen.findByText('김하늘')).toBeTruthy();
    expect(screen.getByText(/행사 종료 · 신청 1건, 2명 \/ 정원 300명/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('신청 마감'), { target: { value: '2026-12-20T18:00' } });
    fireEvent.change(screen.getByRole('textbox', { name: '정원(명)' }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(put.registrationClosesAt).toBe('2026-12-20T18:00:00+09:00');
    expect(put.startsAt).toBe('2026-12-18T10:00:00+09:00');
    expect(put.capacity).toBe(250);
  });
});
