import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the router does not know, inside the public layout. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={96}>
      <title>{t('notFound.meta')}</title>
      <Stack gap="md" align="flex-start">
        <Text fw={800} fz={56} c="sage.3" lh={1} aria-hidden>
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text size="lg" c="dimmed">
          {t('notFound.body')}
        </Text>
        <Group>
          <Button component={Link} to="/landing">
            {t('notFound.toLanding')}
          </Button>
          <Button component={Link} to="/home" variant="default">
            {t('notFound.toHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
