import '../../../components/form-styles';
import {
  Badge,
  Button,
  Container,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { NoticeSummary } from '@ssaem/contracts/board';
import { IconPaperclip, IconPencil, IconPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type NoticeSearchTarget, useNoticePage } from '../api';
import { formatNoticeDate } from '../format';
import classes from './notice-board.module.css';

export const NOTICE_PAGE_SIZE = 10;
const TARGETS: readonly NoticeSearchTarget[] = ['ALL', 'TITLE', 'BODY', 'WRITER'];

function readTarget(value: string | null): NoticeSearchTarget {
  return TARGETS.find((target) => target === value) ?? 'ALL';
}

interface NoticeBoardProps {
  /** Where the board lives: /notice in the signed-in shell, /notices on the public site. */
  basePath: string;
  canWrite?: boolean;
  lead: string;
}

/** The notice list (core.md §2): number, title, writer, date, views; first/previous/next/last. */
export function NoticeBoard({ basePath, canWrite = false, lead }: NoticeBoardProps) {
  const { t } = useTranslation('notices');
  const [params, setParams] = useSearchParams();
  const pageIndex = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);
  const keyword = params.get('q')?.trim() ?? '';
  const target = readTarget(params.get('target'));
  const page = useNoticePage({ pageIndex, pageSize: NOTICE_PAGE_SIZE, keyword, target });

  const go = (next: { page?: number; q?: string; target?: NoticeSearchTarget }) => {
    const search = new URLSearchParams();
    const q = next.q ?? keyword;
    if (q) {
      search.set('q', q);
      search.set('target', next.target ?? target);
    }
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };

  return (
    <Container size="lg" py="xl">
      <title>{t('meta')}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed" mt={4}>
              {lead}
            </Text>
          </div>
          {canWrite && (
            <Button
              component={Link}
              to={`${basePath}/new`}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('write')}
            </Button>
          )}
        </Group>
        <SearchForm
          key={`${keyword}|${target}`}
          keyword={keyword}
          target={target}
          onSearch={(q, nextTarget) => go({ q, target: nextTarget, page: 1 })}
          onReset={keyword ? () => setParams(new URLSearchParams()) : undefined}
        />
        {page.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" type="dots" aria-hidden />
            <Text c="dimmed">{t('loading')}</Text>
          </Group>
        ) : page.isError ? (
          <Group gap="sm" role="alert">
            <Text c="dimmed">{t('error')}</Text>
            <Button size="xs" variant="light" onClick={() => void page.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        ) : (
          <>
            {keyword && (
              <Text size="sm" role="status">
                {t('search.result', { keyword, total: page.data.total })}
              </Text>
            )}
            {page.data.items.length === 0 ? (
              <Text c="dimmed" py="xl" ta="center">
                {keyword ? t('emptySearch') : t('empty')}
              </Text>
            ) : (
              <NoticeTable items={page.data.items} basePath={basePath} query={params.toString()} />
            )}
            {page.data.lastPageIndex > 0 && (
              <Group justify="center">
                <Pagination
                  total={page.data.lastPageIndex + 1}
                  value={page.data.pageIndex + 1}
                  onChange={(value) => go({ page: value })}
                  withEdges
                  aria-label={t('pages.label')}
                  getControlProps={(control) => ({ 'aria-label': t(`pages.${control}`) })}
                  getItemProps={(value) => ({ 'aria-label': t('pages.page', { page: value }) })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

function SearchForm({
  keyword,
  target,
  onSearch,
  onReset,
}: {
  keyword: string;
  target: NoticeSearchTarget;
  onSearch: (keyword: string, target: NoticeSearchTarget) => void;
  onReset?: () => void;
}) {
  const { t } = useTranslation('notices');
  const [text, setText] = useState(keyword);
  const [scope, setScope] = useState<NoticeSearchTarget>(target);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim(), scope);
  };
  return (
    <search aria-label={t('search.label')}>
      <form onSubmit={handleSubmit}>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('search.target')}
            value={scope}
            onChange={(event) => setScope(readTarget(event.currentTarget.value))}
            data={TARGETS.map((value) => ({ value, label: t(`search.targets.${value}`) }))}
            w={110}
          />
          <TextInput
            label={t('search.keyword')}
            value={text}
            maxLength={100}
            onChange={(event) => setText(event.currentTarget.value)}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('search.submit')}
          </Button>
          {onReset && (
            <Button variant="default" onClick={onReset}>
              {t('search.reset')}
            </Button>
          )}
        </Group>
      </form>
    </search>
  );
}

function NoticeTable({
  items,
  basePath,
  query,
}: {
  items: NoticeSummary[];
  basePath: string;
  query: string;
}) {
  const { t, i18n } = useTranslation('notices');
  const language = i18n.resolvedLanguage ?? 'ko';
  // The list's search and page travel to the notice, so "back to the list" returns to the same place.
  const suffix = query ? `?${query}` : '';
  return (
    <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.numberCol}>{t('columns.number')}</Table.Th>
          <Table.Th>{t('columns.title')}</Table.Th>
          <Table.Th className={`${classes.writerCol} ${classes.wide}`}>{t('columns.writer')}</Table.Th>
          <Table.Th className={`${classes.dateCol} ${classes.wide}`}>{t('columns.date')}</Table.Th>
          <Table.Th className={`${classes.viewsCol} ${classes.wide}`}>{t('columns.views')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((notice) => (
          <Table.Tr key={notice.id} className={notice.pinned ? classes.pinnedRow : undefined}>
            <Table.Td className={classes.numberCol}>
              {notice.pinned ? (
                <ThemeIcon color="green" size="sm" radius="xl" role="img" aria-label={t('pinned')}>
                  <IconPin size={12} aria-hidden />
                </ThemeIcon>
              ) : (
                notice.number
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap" align="center">
                {notice.scope === 'SCHOOL' && notice.schoolName && (
                  <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                    {notice.schoolName}
                  </Badge>
                )}
                <Link to={`${basePath}/${notice.id}${suffix}`} className={classes.titleLink}>
                  {notice.title}
                </Link>
                {notice.attachmentCount > 0 && (
                  <IconPaperclip
                    size={14}
                    role="img"
                    aria-label={t('attachments', { count: notice.attachmentCount })}
                    style={{ flexShrink: 0 }}
                  />
                )}
                {notice.isNew && (
                  <Badge color="red" size="xs" variant="filled" style={{ flexShrink: 0 }}>
                    {t('new')}
                  </Badge>
                )}
              </Group>
              <Group gap="sm" c="dimmed" fz="xs" mt={4} className={classes.meta}>
                <span>{notice.writer}</span>
                <time dateTime={notice.createdAt}>{formatNoticeDate(notice.createdAt, language)}</time>
                <span>{t('views', { views: notice.views })}</span>
              </Group>
            </Table.Td>
            <Table.Td className={`${classes.writerCol} ${classes.wide}`}>{notice.writer}</Table.Td>
            <Table.Td className={`${classes.dateCol} ${classes.wide}`}>
              <time dateTime={notice.createdAt}>{formatNoticeDate(notice.createdAt, language)}</time>
            </Table.Td>
            <Table.Td className={`${classes.viewsCol} ${classes.wide}`}>{notice.views}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
