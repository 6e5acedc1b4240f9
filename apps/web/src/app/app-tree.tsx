import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { AppProviders } from './providers';

/** Marks `<html data-app-started>` once the app has rendered or hydrated: the page now answers clicks. */
function StartedMark() {
  useEffect(() => {
    document.documentElement.dataset.appStarted = 'true';
  }, []);
  return null;
}

/**
 * The app's tree around its router, the same in the browser (main.tsx) and in the build's
 * prerender (prerender.tsx), so what is hydrated is exactly what was rendered.
 */
export function AppTree({ queryClient, router }: { queryClient?: QueryClient; router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        {router}
        <StartedMark />
      </AppProviders>
    </StrictMode>
  );
}
