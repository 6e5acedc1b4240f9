import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/** Renders with the app's providers (Mantine in test mode, i18n, query client, toasts). */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient} env="test">
      {ui}
    </AppProviders>,
  );
}
