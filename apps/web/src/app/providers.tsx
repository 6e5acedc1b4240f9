import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { reportClientError } from '../lib/error-reporting/report-client-error';
import { i18n } from '../lib/i18n';
import { CrashScreen } from './crash-screen';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env={env}
    >
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <ErrorBoundary fallback={<CrashScreen />} onError={(error) => reportClientError(error)}>
              {children}
            </ErrorBoundary>
          </ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
