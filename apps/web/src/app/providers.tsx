import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/error-boundary';
import { ToastProvider } from '../components/toast/toast-provider';
import { appQueryClient, subscribeAppQueryClient } from '../lib/app-query-client';
import { reportClientError } from '../lib/error-reporting/report-client-error';
import { i18n } from '../lib/i18n';
import { CrashScreen } from './crash-screen';
import { theme } from './theme';

interface AppProvidersProps {
  /** Tests and the prerender bring their own; the browser app's loads on first use (lib/app-query-client). */
  queryClient?: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/**
 * What QueryClientProvider does, with a client that may arrive after the first render. The context
 * provider is always there, so the tree keeps its shape (and hydrates) whether or not it has come.
 */
function QueryClientSlot({ client, children }: { client: QueryClient | null; children: ReactNode }) {
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}

export function AppProviders({ queryClient, children, env }: AppProvidersProps) {
  // The same snapshot while hydrating: a prerendered page that fetches hydrates after its route
  // (and so the client) has loaded (main.tsx), and must find the client on its first render.
  const loadedClient = useSyncExternalStore(subscribeAppQueryClient, appQueryClient, appQueryClient);
  return (
    // The CSS variables are not drawn here but put in the head before the first render
    // (app/css-variables.ts): the same everywhere, nothing to hydrate.
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light" env={env}>
      <I18nextProvider i18n={i18n}>
        <QueryClientSlot client={queryClient ?? loadedClient}>
          <ToastProvider>
            <ErrorBoundary fallback={<CrashScreen />} onError={(error) => reportClientError(error)}>
              {children}
            </ErrorBoundary>
          </ToastProvider>
        </QueryClientSlot>
      </I18nextProvider>
    </MantineProvider>
  );
}
