import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { installAuth } from './lib/auth/install';
import { installErrorReporting } from './lib/error-reporting/report-client-error';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Reporting starts first so that an error during start-up is reported too.
installErrorReporting();
// Synchronous (initAsync: false, common texts bundled): ready before the router loads a screen.
void initI18n();
const queryClient = createQueryClient();
// Before the router: the root path and the guards ask whether someone is signed in.
installAuth({ clearCaches: () => queryClient.clear() });
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
