import '../../../components/form-styles';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Image.css';
import { Alert, Anchor, Badge, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { LibraryDetail } from '@ssaem/contracts/library';
import {
  IconArrowLeft,
  IconBookmark,
  IconBookmarkFilled,
  IconCopy,
  IconEdit,
  IconHeart,
  IconHeartFilled,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { useUsersInfo } from '../../account/api';
import { useBookmarkToggle, useCopyLibraryItem, useLibraryItem, useLikeToggle } from '../api';
import { materialTypeLabel } from '../material-type';
import { AccessSettings } from './access-settings';
import { MaterialBody } from './material-body';
import { SharePanel } from './share-panel';

function BackLink() {
  const { t } = useTranslation('library');
  return (
    <Anchor component={Link} to="/v2/library/list" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/** `isCreator` is undefined until the signed-in user is known; copying waits for it. */
function ItemActions({ item, isCreator }: { item: LibraryDetail; isCreator: boolean | undefined }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const like = useLikeToggle();
  const bookmark = useBookmarkToggle();
  const copy = useCopyLibraryItem();
  const canCopy = item.abilities.copy && isCreator === false;

  const handleCopy = () =>
    copy.mutate(item.id, {
      onSuccess: (created) => {
        toast.show(t('detail.copied'));
        navigate(`/v2/library/${created.id}`);
      },
      onError: (error) => toast.show(apiErrorMessage(error, tc)),
    });
  const onError = (error: unknown) => toast.show(apiErrorMessage(error, tc));

  return (
    <Group gap="sm">
      <Button
        variant={item.liked ? 'filled' : 'default'}
        color="pink"
        aria-pressed={item.liked}
        title={item.liked ? t('detail.unlike') : t('detail.like')}
        leftSection={
          item.liked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />
        }
        disabled={!item.abilities.use}
        onClick={() => like.mutate({ id: item.id, on: !item.liked }, { onError })}
      >
        {t('detail.likeCount', { count: item.likeCount })}
      </Button>
      <Button
        variant={item.bookmarked ? 'filled' : 'default'}
        aria-pressed={item.bookmarked}
        title={item.bookmarked ? t('detail.unbookmark') : t('detail.bookmark')}
        leftSection={
          item.bookmarked ? (
            <IconBookmarkFilled size={16} aria-hidden />
          ) : (
            <IconBookmark size={16} aria-hidden />
          )
        }
        disabled={!item.abilities.use}
        onClick={() => bookmark.mutate({ id: item.id, on: !item.bookmarked }, { onError })}
      >
        {t('detail.bookmarkCount', { count: item.bookmarkCount })}
      </Button>
      {canCopy ? (
        <Button
          variant="light"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={handleCopy}
          loading={copy.isPending}
        >
          {t('detail.copy')}
        </Button>
      ) : null}
      {canCopy && item.editable ? (
        <Button
          leftSection={<IconEdit size={16} aria-hidden />}
          onClick={handleCopy}
          disabled={copy.isPending}
        >
          {t('detail.editCopy')}
        </Button>
      ) : null}
    </Group>
  );
}

function DetailBody({ item }: { item: LibraryDetail }) {
  const { t, i18n } = useTranslation('library');
  const info = useUsersInfo();
  const isCreator = info.data ? info.data.userInfo.userId === item.author.id : undefined;
  const gradeSubject = [item.gradeName, item.subjectName].filter(Boolean).join(' · ');
  return (
    <Stack gap="lg">
      <title>{t('meta.detail', { title: item.title })}</title>
      <BackLink />
      <Stack gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Group gap={6}>
          <Badge variant="light">{materialTypeLabel(t, item.materialType)}</Badge>
          <Badge variant="outline" color="gray">
            {t(`visibility.${item.visibility}`)}
          </Badge>
          {gradeSubject ? (
            <Badge variant="outline" color="gray">
              {gradeSubject}
            </Badge>
          ) : null}
          {item.editable ? (
            <Badge variant="light" color="teal">
              {t('detail.editable')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('card.author', { name: item.author.name })} · {item.school?.name ?? t('card.noSchool')} ·{' '}
          {t('detail.createdAt', { date: formatDate(item.createdAt, i18n.language) })} ·{' '}
          {t('detail.views', { count: item.viewCount })}
        </Text>
      </Stack>
      <ItemActions item={item} isCreator={isCreator} />
      <MaterialBody id={item.id} libraryType={item.libraryType} content={item.content} text={item.text} />
      <section aria-labelledby="library-share-title">
        <Title order={2} fz="h4" id="library-share-title" mb="sm">
          {t('share.title')}
        </Title>
        <SharePanel id={item.id} title={item.title} />
      </section>
      {isCreator === true && item.abilities.changeSettings ? (
        <>
          <Divider />
          <section aria-labelledby="library-settings-title">
            <Title order={2} fz="h4" id="library-settings-title" mb="sm">
              {t('settings.title')}
            </Title>
            <AccessSettings key={`${item.visibility}-${item.editable}`} item={item} />
          </section>
        </>
      ) : null}
    </Stack>
  );
}

/** /v2/library/{id}: the item, likes and saves, sharing, copying and (for its creator) settings. */
export function LibraryDetailPage() {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const item = useLibraryItem(id);

  const notFound =
    !Number.isInteger(id) || id <= 0 || (item.isError && isApiError(item.error) && item.error.status === 404);
  if (notFound) {
    return (
      <Stack gap="md" maw={720}>
        <title>{t('detail.notFound')}</title>
        <BackLink />
        <Title order={1}>{t('detail.notFound')}</Title>
        <Text c="dimmed">{t('detail.notFoundBody')}</Text>
      </Stack>
    );
  }
  if (item.isError) {
    return (
      <Stack gap="md" maw={720}>
        <BackLink />
        <Alert color="red" variant="light" title={t('detail.failed')}>
          {apiErrorMessage(item.error, tc)}
        </Alert>
      </Stack>
    );
  }
  if (item.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton h={36} w="60%" />
        <Skeleton h={20} w="40%" />
        <Skeleton h={240} />
      </Stack>
    );
  }
  return (
    <div style={{ maxWidth: 880 }}>
      {/* A new item (e.g. the copy just made) starts with a fresh share panel and settings form. */}
      <DetailBody key={item.data.id} item={item.data} />
    </div>
  );
}
