import '../../../components/form-styles';
import { Alert, Button, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isGenerating, isValidId, type ToolItem } from '../types';

export interface GateMessages {
  /** The item could not be read (document-tools.md §8). */
  loadFailed: string;
  /** Generation ended in an error; gets the stored message. */
  generationFailed: (message: string) => string;
  /** Complete, yet without a result. */
  noData: string;
}

/** The result as the views use it: complete and with its result. */
export type ReadyItem<R> = ToolItem<R> & { result: R };

/**
 * The states every result view shares: loading, not found (404, or an id that cannot be one),
 * failed to load, failed to generate, still generating (the query polls meanwhile), no data.
 */
export function ToolItemGate<R>({
  id,
  query,
  messages,
  children,
}: {
  id: number;
  query: UseQueryResult<ToolItem<R>>;
  messages: GateMessages;
  children: (item: ReadyItem<R>) => ReactNode;
}) {
  const { t } = useTranslation('toolViews');
  const { t: tc } = useTranslation();

  const notFound = !isValidId(id) || (query.isError && isApiError(query.error) && query.error.status === 404);
  if (notFound) {
    return (
      <Stack gap="xs" maw={720}>
        <title>{t('state.notFound')}</title>
        <Title order={1}>{t('state.notFound')}</Title>
        <Text c="dimmed">{t('state.notFoundBody')}</Text>
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Alert role="alert" color="red" variant="light" title={messages.loadFailed}>
          {apiErrorMessage(query.error, tc)}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => void query.refetch()}>
          {t('state.retry')}
        </Button>
      </Stack>
    );
  }
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy aria-label={t('state.loading')}>
        <Skeleton h={36} w="60%" />
        <Skeleton h={20} w="40%" />
        <Skeleton h={240} />
      </Stack>
    );
  }
  const item = query.data;
  if (item.status !== 3 && item.error) {
    const message = tc(`errors.${item.error}` as 'errors.COMMON', { defaultValue: item.error });
    return (
      <Stack gap="md" maw={720}>
        <title>{item.title}</title>
        <Title order={1}>{item.title}</Title>
        <Alert role="alert" color="red" variant="light">
          {messages.generationFailed(message)}
        </Alert>
      </Stack>
    );
  }
  if (isGenerating(item)) {
    return (
      <Stack gap="md" maw={720} align="flex-start">
        <title>{item.title}</title>
        <Title order={1}>{item.title}</Title>
        <Stack gap="xs" role="status" aria-live="polite" align="flex-start">
          <Loader size="sm" aria-hidden />
          <Text fw={600}>{item.status === 1 ? t('state.waiting') : t('state.generating')}</Text>
          <Text c="dimmed">{t('state.generatingBody')}</Text>
        </Stack>
      </Stack>
    );
  }
  if (!item.result) {
    return (
      <Stack gap="md" maw={720}>
        <title>{item.title}</title>
        <Title order={1}>{item.title}</Title>
        <Alert role="alert" color="yellow" variant="light">
          {messages.noData}
        </Alert>
      </Stack>
    );
  }
  return children(item as ReadyItem<R>);
}

/** The engine's notice (e.g. no model is connected), shown as information, never as an error. */
export function EngineNotice({ notice }: { notice: string | null | undefined }) {
  const { t } = useTranslation('toolViews');
  if (!notice) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      title={t('state.noticeTitle')}
      icon={<IconInfoCircle size={20} aria-hidden />}
    >
      {notice}
    </Alert>
  );
}
