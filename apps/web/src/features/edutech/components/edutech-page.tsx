// Only the styles of the components on this page (not components/form-styles): the catalogue is a
// teacher's first screen often enough to count every kilobyte (bench/bundle.mjs).
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Button,
  Chip,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { EDUTECH_CATEGORIES, EDUTECH_PAGE_SIZE } from '@ssaem/contracts/edutech-options';
import { IconSearch } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CardGridList } from '../../../components/card-grid-list';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { hasRealmRole } from '../../../lib/auth/auth-client';
import { TEACHER_ROLES } from '../../../lib/auth/roles';
import { RequireRoles } from '../../auth/require-roles';
import { type CatalogueSearch, useCatalogue } from '../api';
import { FIRST_PAINT_SLOT } from '../first-paint-slots';
import { ProductCard } from './product-card';
import { RecommendationStrip } from './recommendation-strip';

// The page controls are drawn only under results of more than one page, after the catalogue has
// answered: they load beside that request (CataloguePage), not before the first paint.
const loadPager = () => import('./catalogue-pager');
const CataloguePager = lazy(() => loadPager().then((module) => ({ default: module.CataloguePager })));
/** Mantine's pager height (--pagination-control-size-md), held while it loads so nothing moves. */
const PAGER_HEIGHT = 'calc(2rem * var(--mantine-scale))';

export const CATALOGUE_ROLES = [...TEACHER_ROLES, 'ROLE_PROVIDER'] as const;

function readSearch(params: URLSearchParams): CatalogueSearch {
  const category = params.get('category') ?? 'ALL';
  return {
    keyword: params.get('keyword') ?? '',
    category: (EDUTECH_CATEGORIES as readonly string[]).includes(category) ? category : 'ALL',
    page: Math.max(0, Number(params.get('page')) || 0),
  };
}

function writeSearch(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.keyword) params.set('keyword', search.keyword);
  if (search.category !== 'ALL') params.set('category', search.category);
  if (search.page) params.set('page', String(search.page));
  return params;
}

/** The results: their count, then the list (ResultList) or NoResults, then the pager (PagerRow). */
export function ResultsView({ total, children }: { total: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Text role="status" aria-live="polite" fw={600}>
        {total}
      </Text>
      {children}
    </Stack>
  );
}

export function NoResults() {
  const { t } = useTranslation('edutech');
  return (
    <Stack gap={4} py="xl" align="center">
      <Text fw={600}>{t('catalogue.empty')}</Text>
      <Text size="sm" c="dimmed">
        {t('catalogue.emptyHint')}
      </Text>
    </Stack>
  );
}

/** The cards, each in its own <li>. */
export function ResultList({ children }: { children: ReactNode }) {
  const { t } = useTranslation('edutech');
  return <CardGridList label={t('catalogue.results')}>{children}</CardGridList>;
}

const PagerPlaceholder = () => <div style={{ height: PAGER_HEIGHT }} />;

/** Where the pager goes, held at its height while its code loads. */
export function PagerRow({ children }: { children?: ReactNode }) {
  return <Group justify="center">{children ?? <PagerPlaceholder />}</Group>;
}

export function CatalogueResults({
  search,
  onPage,
}: {
  search: CatalogueSearch;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const results = useCatalogue(search, EDUTECH_PAGE_SIZE);
  if (results.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy data-first-paint={FIRST_PAINT_SLOT.results}>
        <Skeleton h={180} radius="lg" />
        <Skeleton h={180} radius="lg" />
        <Skeleton h={180} radius="lg" />
      </SimpleGrid>
    );
  }
  if (results.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(results.error, tc)}
      </Alert>
    );
  }
  const { items, total } = results.data;
  const pages = Math.ceil(total / EDUTECH_PAGE_SIZE);
  return (
    <ResultsView total={t('catalogue.total', { total })}>
      {items.length === 0 ? (
        <NoResults />
      ) : (
        <ResultList>
          {items.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ResultList>
      )}
      {pages > 1 && (
        <PagerRow>
          <Suspense fallback={<PagerPlaceholder />}>
            <CataloguePager total={pages} page={search.page} onPage={onPage} />
          </Suspense>
        </PagerRow>
      )}
    </ResultsView>
  );
}

function CataloguePage() {
  const { t } = useTranslation('edutech');
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const [keyword, setKeyword] = useState(search.keyword);
  const isTeacher = TEACHER_ROLES.some((role) => hasRealmRole(role));
  useEffect(() => {
    // A failure shows where the pager is drawn (the route's error screen), not here.
    loadPager().catch(() => undefined);
  }, []);
  const update = (patch: Partial<CatalogueSearch>) =>
    setParams(writeSearch({ ...search, page: 0, ...patch }));

  return (
    <Stack gap="lg">
      <title>{t('meta.catalogue')}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('catalogue.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('catalogue.intro')}
          </Text>
        </div>
        <Group gap="xs">
          {isTeacher && (
            <Button component={Link} to="/my-edutech" variant="light">
              {t('catalogue.myLink')}
            </Button>
          )}
          {hasRealmRole('ROLE_PROVIDER') && (
            <Button component={Link} to="/edutech/vendor" variant="light">
              {t('catalogue.vendorLink')}
            </Button>
          )}
          {hasRealmRole('ROLE_SUPER_ADMIN') && (
            <Button component={Link} to="/edutech/review" variant="default">
              {t('catalogue.reviewLink')}
            </Button>
          )}
        </Group>
      </Group>
      {isTeacher && <RecommendationStrip />}
      <form
        aria-label={t('catalogue.searchLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          update({ keyword: keyword.trim() });
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={t('catalogue.searchLabel')}
            placeholder={t('catalogue.searchPlaceholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={50}
            style={{ flexGrow: 1 }}
          />
          <Button type="submit">{t('catalogue.search')}</Button>
        </Group>
      </form>
      <Chip.Group value={search.category} onChange={(value) => update({ category: String(value) })}>
        <Group gap={6} role="group" aria-label={t('catalogue.categoriesLabel')}>
          {(['ALL', ...EDUTECH_CATEGORIES] as const).map((category) => (
            <Chip key={category} value={category} size="sm">
              {t(`categories.${category}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <CatalogueResults search={search} onPage={(page) => setParams(writeSearch({ ...search, page }))} />
    </Stack>
  );
}

/** /edutech (core.md §2 EduTech): the strip, search by name, categories, cards with badges. */
export function EdutechPage() {
  return (
    <RequireRoles roles={CATALOGUE_ROLES}>
      <CataloguePage />
    </RequireRoles>
  );
}
