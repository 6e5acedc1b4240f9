import './app/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { installErrorReporting } from './lib/error-reporting/error-reporter';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

// Reporting starts first so that an error during start-up is reported too.
installErrorReporting();
void initI18n();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
