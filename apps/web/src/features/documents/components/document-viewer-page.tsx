import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { LibraryDocument } from '@ssaem/contracts/documents';
import { IconEdit, IconPrinter, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { useLibraryDocument } from '../api';
import { paperCss } from '../editor/typography';
import classes from './document.module.css';
import { DocumentView } from './document-view';
import { DownloadButtons } from './download-buttons';

/**
 * The studio tools, all with a recreate mode (document-tools.md §2), and their panel routes. The
 * parent counselling sheet and record share a type; the panel host opens the one the item was made with.
 */
const RECREATE_ROUTES: Record<string, string> = {
  EVALUATION_PLAN: 'evaluation-plan',
  PARENT_LETTER: 'parent-letter',
  MEETING_MINUTES: 'meeting-minutes',
  GROUP_PLAY_PLAN: 'group-play-plan',
  GROUP_PLAY_LESSON_PLAN: 'group-play-lesson-plan',
  COUNSEL_STUDENT: 'counsel-student',
  COUNSEL_PARENT: 'counsel-parent',
  COUNSEL_PARENT_SCRIPT: 'counsel-parent-script',
};

function Viewer({ item }: { item: LibraryDocument }) {
  const { t, i18n } = useTranslation('documents');
  const ready = item.status === 3;
  return (
    <Stack gap="md">
      <title>{t('meta.viewer', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
          <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Group gap={6}>
            {item.edited ? (
              <Badge variant="light" color="teal">
                {t('viewer.edited')}
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('viewer.updatedAt', { date: formatDate(item.updatedAt, i18n.language) })}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          {item.abilities.edit && ready ? (
            <Button
              component={Link}
              to={`/document/editor/${item.id}`}
              size="xs"
              leftSection={<IconEdit size={14} aria-hidden />}
            >
              {t('viewer.edit')}
            </Button>
          ) : null}
          {item.abilities.edit && ready && RECREATE_ROUTES[item.libraryType] ? (
            <Button
              component={Link}
              to={`/v2/tool/list?tool=${RECREATE_ROUTES[item.libraryType]}&recreate=${item.id}`}
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
            >
              {t('viewer.recreate')}
            </Button>
          ) : null}
          <DownloadButtons source={item.id} title={item.title} disabled={!ready} />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => window.print()}
            disabled={!ready}
          >
            {t('viewer.print')}
          </Button>
        </Group>
      </Group>
      {ready ? null : (
        <Alert color="yellow" variant="light">
          {t('editor.notReady')}
        </Alert>
      )}
      <article
        className={`${classes.paper} ${classes.printable}`}
        style={paperCss((item.document.attrs as { margins?: unknown } | undefined)?.margins)}
        aria-label={item.title}
      >
        <DocumentView document={item.document} />
      </article>
    </Stack>
  );
}

/**
 * /document/{id} and /immersive/document/{id}?type=…: any library item rendered from the document
 * model (the server converts every type), with downloads and print.
 */
export function DocumentViewerPage() {
  const { t } = useTranslation('documents');
  const { t: tc } = useTranslation();
  const id = Number(useParams().id);
  const [searchParams] = useSearchParams();
  const item = useLibraryDocument(id, searchParams.get('type') ?? undefined);

  const notFound =
    !Number.isInteger(id) || id <= 0 || (item.isError && isApiError(item.error) && item.error.status === 404);
  let body: ReactNode;
  if (notFound) {
    body = (
      <Stack gap="md">
        <title>{t('viewer.notFound')}</title>
        <Title order={1}>{t('viewer.notFound')}</Title>
        <Text c="dimmed">{t('viewer.notFoundBody')}</Text>
      </Stack>
    );
  } else if (item.isError) {
    body = (
      <Alert color="red" variant="light" title={t('viewer.failed')}>
        {apiErrorMessage(item.error, tc)}
      </Alert>
    );
  } else if (item.isPending) {
    body = (
      <Stack gap="md" aria-busy>
        <Skeleton h={36} w="60%" />
        <Skeleton h={480} />
      </Stack>
    );
  } else {
    body = <Viewer key={item.data.id} item={item.data} />;
  }
  return <div style={{ maxWidth: 960, margin: '0 auto', padding: '0 16px 32px' }}>{body}</div>;
}
