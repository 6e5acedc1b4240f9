import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { usePublicLibraryItem } from '../api';
import { materialTypeLabel } from '../material-type';
import { MaterialBody } from './material-body';

/** /shared/library/{token}: a PUBLIC item for anyone holding its link, signed in or not. */
export function PublicLibraryPage() {
  const { t, i18n } = useTranslation('library');
  const { token = '' } = useParams();
  const item = usePublicLibraryItem(token);

  if (item.isPending) {
    return (
      <Container size="md" py="xl">
        <Stack gap="md" aria-busy>
          <Skeleton h={36} w="60%" />
          <Skeleton h={240} />
        </Stack>
      </Container>
    );
  }
  if (item.isError) {
    // A malformed token (400) is as unknown as a withdrawn one.
    const notFound = isApiError(item.error) && [400, 403, 404].includes(item.error.status);
    return (
      <Container size="sm" py={64}>
        <title>{t('meta.shared')}</title>
        <Stack gap="md" align="flex-start">
          {notFound ? (
            <>
              <Title order={1}>{t('public.notFound')}</Title>
              <Text c="dimmed">{t('public.notFoundBody')}</Text>
            </>
          ) : (
            <Alert color="red" variant="light" role="alert">
              {t('public.failed')}
            </Alert>
          )}
          <Button component={Link} to="/landing" variant="default">
            {t('public.toHome')}
          </Button>
        </Stack>
      </Container>
    );
  }
  const data = item.data;
  const meta = [data.school, data.gradeName, data.subjectName].filter(Boolean).join(' · ');
  return (
    <Container size="md" py="xl">
      <title>{`${data.title} · ${t('meta.shared')}`}</title>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group gap={6}>
            <Badge variant="light" color="teal">
              {t('public.badge')}
            </Badge>
            <Badge variant="light">{materialTypeLabel(t, data.materialType)}</Badge>
          </Group>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {data.title}
          </Title>
          <Text size="sm" c="dimmed">
            {meta ? `${meta} · ` : ''}
            {t('detail.createdAt', { date: formatDate(data.createdAt, i18n.language) })}
          </Text>
        </Stack>
        <MaterialBody libraryType={data.libraryType} content={data.content} text={data.text} />
      </Stack>
    </Container>
  );
}
