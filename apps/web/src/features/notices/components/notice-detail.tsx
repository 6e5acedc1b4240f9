import '../../../components/form-styles';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import {
  Alert,
  Badge,
  Button,
  Container,
  Divider,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { NoticeDetail } from '@ssaem/contracts/board';
import { IconArrowLeft, IconDownload, IconPencil, IconPin, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { downloadAttachment, useDeleteNotice, useNotice } from '../api';
import { formatBytes, formatNoticeDate } from '../format';
import classes from './notice-board.module.css';

/** One notice: its body, attachments (downloaded through the API client), previous and next. */
export function NoticeDetailView({ id, basePath }: { id: number; basePath: string }) {
  const { t } = useTranslation('notices');
  const notice = useNotice(id);
  const { search } = useLocation();

  let content: React.ReactNode;
  if (notice.isPending) {
    content = (
      <Group gap="xs" role="status">
        <Loader size="xs" type="dots" aria-hidden />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    );
  } else if (notice.isError) {
    content =
      isApiError(notice.error) && notice.error.status === 404 ? (
        <Alert color="gray" role="alert">
          {t('detail.notFound')}
        </Alert>
      ) : (
        <Group gap="sm" role="alert">
          <Text c="dimmed">{t('error')}</Text>
          <Button size="xs" variant="light" onClick={() => void notice.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      );
  } else {
    content = <NoticeArticle notice={notice.data} basePath={basePath} search={search} />;
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group>
          <Button
            component={Link}
            to={`${basePath}${search}`}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {t('detail.back')}
          </Button>
        </Group>
        {content}
      </Stack>
    </Container>
  );
}

function NoticeArticle({
  notice,
  basePath,
  search,
}: {
  notice: NoticeDetail;
  basePath: string;
  search: string;
}) {
  const { t, i18n } = useTranslation('notices');
  const language = i18n.resolvedLanguage ?? 'ko';
  return (
    <article aria-labelledby="notice-title">
      <title>{`${notice.title} · ${t('meta')}`}</title>
      <Stack gap="md">
        <Stack gap={6}>
          <Group gap="xs">
            {notice.pinned && (
              <Badge color="green" leftSection={<IconPin size={12} aria-hidden />}>
                {t('pinned')}
              </Badge>
            )}
            {notice.scope === 'SCHOOL' && notice.schoolName && (
              <Badge variant="light" color="gray">
                {notice.schoolName}
              </Badge>
            )}
            {notice.isNew && (
              <Badge color="red" variant="filled" size="sm">
                {t('new')}
              </Badge>
            )}
          </Group>
          <Title order={1} fz="h2" id="notice-title">
            {notice.title}
          </Title>
          <Group gap="md" c="dimmed" fz="sm">
            <span>{notice.writer}</span>
            <time dateTime={notice.createdAt}>{formatNoticeDate(notice.createdAt, language, true)}</time>
            <span>{t('views', { views: notice.views })}</span>
          </Group>
        </Stack>
        <Divider />
        {/* The server keeps only the allowed tags and attributes (notice-html.ts) before storing. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
        <div className={classes.body} dangerouslySetInnerHTML={{ __html: notice.bodyHtml }} />
        {notice.attachments.length > 0 && <Attachments notice={notice} />}
        {(notice.abilities.edit || notice.abilities.delete) && (
          <Group gap="sm" justify="flex-end">
            {notice.abilities.edit && (
              <Button
                component={Link}
                to={`${basePath}/${notice.id}/edit`}
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t('detail.edit')}
              </Button>
            )}
            {notice.abilities.delete && <DeleteButton id={notice.id} basePath={basePath} />}
          </Group>
        )}
        <Divider />
        <dl className={classes.neighbours}>
          <dt>
            <Text fw={600} size="sm">
              {t('detail.previous')}
            </Text>
          </dt>
          <dd>
            {notice.previous ? (
              <Link to={`${basePath}/${notice.previous.id}${search}`} rel="prev">
                {notice.previous.title}
              </Link>
            ) : (
              <Text c="dimmed" size="sm">
                {t('detail.none')}
              </Text>
            )}
          </dd>
          <dt>
            <Text fw={600} size="sm">
              {t('detail.next')}
            </Text>
          </dt>
          <dd>
            {notice.next ? (
              <Link to={`${basePath}/${notice.next.id}${search}`} rel="next">
                {notice.next.title}
              </Link>
            ) : (
              <Text c="dimmed" size="sm">
                {t('detail.none')}
              </Text>
            )}
          </dd>
        </dl>
      </Stack>
    </article>
  );
}

function Attachments({ notice }: { notice: NoticeDetail }) {
  const { t } = useTranslation('notices');
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="notice-attachments">
      <Text fw={700} id="notice-attachments" mb="xs">
        {t('detail.attachments')}
      </Text>
      <Stack gap={4}>
        {notice.attachments.map((file) => (
          <Group key={file.id} gap="xs" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={t('detail.download', { name: file.fileName })}
              onClick={() => {
                setFailed(null);
                downloadAttachment(file.url, file.fileName).catch(() =>
                  setFailed(t('detail.downloadFailed')),
                );
              }}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            >
              {file.fileName}
            </Button>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatBytes(file.bytes)}
            </Text>
          </Group>
        ))}
      </Stack>
      {failed && (
        <Text c="red" size="sm" role="alert" mt="xs">
          {failed}
        </Text>
      )}
    </Paper>
  );
}

function DeleteButton({ id, basePath }: { id: number; basePath: string }) {
  const { t } = useTranslation('notices');
  const { t: tc } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteNotice();
  const toast = useToast();
  const navigate = useNavigate();
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('detail.delete')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('detail.deleteTitle')} centered>
        <Stack>
          <Text>{t('detail.deleteBody')}</Text>
          {remove.isError && (
            <Text c="red" role="alert">
              {apiErrorMessage(remove.error, tc)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('detail.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(id, {
                  onSuccess: () => {
                    toast.show(t('detail.deleted'));
                    void navigate(basePath);
                  },
                })
              }
            >
              {t('detail.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
