import '../../../components/form-styles';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Chip.css';
import { Alert, Button, Center, Group, Loader, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { LIBRARY_TABS } from '@ssaem/contracts/library';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CardGridList } from '../../../components/card-grid-list';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useLibrarySearch } from '../api';
import {
  formatTotal,
  type LibrarySearchParams,
  type LibraryTab,
  readSearchParams,
  writeSearchParams,
} from '../search-params';
import { LibraryCard } from './library-card';
import { LibraryFilters } from './library-filters';

/** No result: ways on, rather than a dead end. */
function EmptyActions({
  search,
  onChange,
}: {
  search: LibrarySearchParams;
  onChange: (patch: Partial<LibrarySearchParams>) => void;
}) {
  const { t } = useTranslation('library');
  const navigate = useNavigate();
  const narrowed =
    search.keyword || search.gradeSeq || search.subjectSeq || search.materialType || search.filter !== 'ALL';
  return (
    <Stack gap="xs" align="center" mt="sm">
      <Text size="sm" fw={600}>
        {t('list.emptyActions')}
      </Text>
      <Group gap="xs" justify="center">
        {narrowed ? (
          <Button
            variant="default"
            size="sm"
            onClick={() =>
              onChange({
                keyword: undefined,
                gradeSeq: undefined,
                subjectSeq: undefined,
                materialType: undefined,
                filter: 'ALL',
              })
            }
          >
            {t('list.clearFilters')}
          </Button>
        ) : null}
        {search.tab === 'OUR_SCHOOL' ? (
          <Button variant="default" size="sm" onClick={() => onChange({ tab: 'OTHER_SCHOOLS' })}>
            {t('list.otherSchools')}
          </Button>
        ) : null}
        {search.keyword ? (
          <Button
            variant="light"
            size="sm"
            onClick={() =>
              void navigate('/chat/new', {
                state: { prompt: t('list.askPrompt', { keyword: search.keyword }) },
              })
            }
          >
            {t('list.askAssistant', { keyword: search.keyword })}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function LibraryResults({
  search,
  onChange,
}: {
  search: LibrarySearchParams;
  onChange: (patch: Partial<LibrarySearchParams>) => void;
}) {
  const { t, i18n } = useTranslation('library');
  const { t: tc } = useTranslation();
  const results = useLibrarySearch(search);

  if (results.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={20} w={120} />
        <Skeleton h={140} />
        <Skeleton h={140} />
      </Stack>
    );
  }
  if (results.isError) {
    return (
      <Alert color="red" variant="light" title={t('list.failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{apiErrorMessage(results.error, tc)}</Text>
          <Button size="xs" variant="default" onClick={() => results.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const first = results.data.pages[0];
  const items = results.data.pages.flatMap((page) => page.items);
  const total = first ? formatTotal(first.total, first.totalCapped, i18n.language) : '0';
  return (
    <Stack gap="md">
      <Text role="status" aria-live="polite" fw={600}>
        {t('list.total', { total })}
      </Text>
      {first?.suggestion ? (
        <Group gap="xs" data-testid="did-you-mean">
          <Text size="sm">{t('list.didYouMean')}</Text>
          <Button size="compact-sm" variant="light" onClick={() => onChange({ keyword: first.suggestion })}>
            {first.suggestion}
          </Button>
        </Group>
      ) : null}
      {first?.matchedAnyWord && items.length > 0 ? (
        <Alert color="blue" variant="light" data-testid="any-word-notice">
          {t('list.anyWord', { keyword: search.keyword ?? '' })}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Stack gap={4} py="xl" align="center">
          <Text fw={600}>{t('list.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('list.emptyHint')}
          </Text>
          <EmptyActions search={search} onChange={onChange} />
        </Stack>
      ) : (
        <CardGridList label={t('list.results')}>
          {items.map((item) => (
            <li key={item.id}>
              <LibraryCard item={item} />
            </li>
          ))}
        </CardGridList>
      )}
      {results.hasNextPage ? (
        <Center>
          <Button
            variant="default"
            onClick={() => results.fetchNextPage()}
            loading={results.isFetchingNextPage}
          >
            {t('list.more')}
          </Button>
        </Center>
      ) : null}
      {results.isFetching && !results.isFetchingNextPage ? (
        <Center>
          <Loader size="sm" aria-label={tc('loading')} />
        </Center>
      ) : null}
    </Stack>
  );
}

/** /v2/library/list (core.md §2 Library): tabs, keyword, selects, filter chips; all kept in the URL. */
export function LibraryListPage() {
  const { t } = useTranslation('library');
  const [searchParams, setSearchParams] = useSearchParams();
  const search = readSearchParams(searchParams);

  const update = (patch: Partial<LibrarySearchParams>) =>
    setSearchParams(writeSearchParams({ ...search, ...patch }));

  return (
    <Stack gap="lg">
      <title>{t('meta.list')}</title>
      <div>
        <Title order={1}>{t('list.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('list.intro')}
        </Text>
      </div>
      <Tabs
        value={search.tab}
        onChange={(value) => value && update({ tab: value as LibraryTab })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('list.tabsLabel')}>
          {LIBRARY_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`list.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Stack gap="md" mt="md">
          <LibraryFilters key={search.keyword ?? ''} search={search} onChange={update} />
        </Stack>
        {LIBRARY_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === search.tab ? <LibraryResults search={search} onChange={update} /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
