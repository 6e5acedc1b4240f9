import { RemoveScroll } from '@mantine/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { AppShellFrame } from './app-shell-frame';

// Stands in for the drawer to see when its module is asked for.
const drawerLoaded = vi.fn();
vi.mock('./settings-drawer', () => {
  drawerLoaded();
  return {
    SettingsDrawer: ({ opened }: { opened: boolean }) => (opened ? <div role="dialog">settings</div> : null),
  };
});

let idleTasks: Array<() => void> = [];

function renderShell() {
  idleTasks = [];
  vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  const router = createMemoryRouter([{ path: '*', element: <AppShellFrame items={[]} profile={null} /> }], {
    initialEntries: ['/dashboard'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

afterEach(() => {
  // Unmount while the stubs are still there: the shell cancels its idle task on the way out.
  cleanup();
  vi.unstubAllGlobals();
});

describe('the settings panel of the signed-in shell', () => {
  it('is not loaded with the screen, but once the browser is idle or the button is reached', async () => {
    renderShell();
    await screen.findByRole('button', { name: '설정' });
    expect(drawerLoaded).not.toHaveBeenCalled();
    expect(idleTasks).toHaveLength(1);

    fireEvent.focus(screen.getByRole('button', { name: '설정' }));
    await waitFor(() => expect(drawerLoaded).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: '설정' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    // The idle task that comes later changes nothing.
    act(() => idleTasks[0]?.());
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the frame of the signed-in shell', () => {
  it('keeps its header clear of the scroll bar as a dialog locks the page, as AppShell did', async () => {
    renderShell();
    const header = await screen.findByRole('banner');
    expect(header.classList.contains(RemoveScroll.classNames.zeroRight)).toBe(true);
  });

  it('opens and folds the column on a phone with the burger', async () => {
    renderShell();
    const frame = (await screen.findByRole('navigation', { name: '사이드 메뉴' })).parentElement;
    expect(frame?.hasAttribute('data-nav-opened')).toBe(false);
    const burger = frame?.querySelector('header .mantine-Burger-root') as HTMLElement;
    fireEvent.click(burger);
    expect(frame?.hasAttribute('data-nav-opened')).toBe(true);
    fireEvent.click(burger);
    expect(frame?.hasAttribute('data-nav-opened')).toBe(false);
  });
});
