import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportClientError } from '../lib/error-reporting/report-client-error';

/** A screen failed to render or load: say so kindly, report it, and offer a way on. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    // Router responses (a 404 thrown by a loader) are answers, not client bugs.
    if (!isRouteErrorResponse(error)) reportClientError(error);
  }, [error]);

  return (
    <Container size="sm" py={80}>
      <title>{t('routeError.meta')}</title>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text size="lg" c="dimmed">
          {t('routeError.body')}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <Button component={Link} to="/landing" variant="default">
            {t('routeError.toLanding')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
