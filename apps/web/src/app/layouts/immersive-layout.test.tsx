import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ImmersiveLayout } from './immersive-layout';

function renderImmersive(initialEntries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/my-materials', element: <h1>내 자료</h1> },
      { path: '/landing', element: <h1>소개</h1> },
      {
        path: '/immersive',
        element: <ImmersiveLayout />,
        children: [{ path: 'lesson-slide/:id', element: <h1>슬라이드</h1> }],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('ImmersiveLayout', () => {
  it('shows the screen full-size with a close button', () => {
    renderImmersive(['/immersive/lesson-slide/7']);
    expect(screen.getByRole('heading', { name: '슬라이드' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: '닫고 돌아가기' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('goes back to where the teacher came from', async () => {
    const router = renderImmersive(['/my-materials']);
    await router.navigate('/immersive/lesson-slide/7');
    fireEvent.click(await screen.findByRole('button', { name: '닫고 돌아가기' }));
    expect(await screen.findByRole('heading', { name: '내 자료' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my-materials');
  });

  it('goes to the start when opened directly', async () => {
    const router = renderImmersive(['/immersive/lesson-slide/7']);
    fireEvent.click(screen.getByRole('button', { name: '닫고 돌아가기' }));
    expect(await screen.findByRole('heading', { name: '소개' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/landing');
  });
});
