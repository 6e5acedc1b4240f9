import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RecommendedProduct } from '@ssaem/contracts/edutech';
import { IconSeeding, IconSparkles, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecommendationStrip } from '../api';
import { type StripItemLook, stripItemLook } from '../card-look';
import { FIRST_PAINT_SLOT } from '../first-paint-slots';
import { reasonText } from '../reason-text';
import { ProductLogoView } from './product-logo';

/** One recommended product and why it is there. */
export function StripItem({ look }: { look: StripItemLook }) {
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ProductLogoView look={look.logo} size={36} />
      <div style={{ minWidth: 0 }}>
        <Text component={Link} to={look.href} fw={600} size="sm" lineClamp={1} style={{ color: 'inherit' }}>
          {look.name}
        </Text>
        <Text size="xs" c="dimmed">
          {look.reason}
        </Text>
      </div>
    </Group>
  );
}

/** The list's lines (StripItem). */
export function StripItems({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

/** What a list says when it has nothing to recommend. */
export function StripEmpty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

function StripList({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={id}>
      <Group gap={6} mb="sm">
        {icon}
        <Title order={3} fz="md" id={id}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

/**
 * The three lists with their contents (StripItems or StripEmpty each). The catalogue's first paint
 * fills a template of it (first-paint.ts) before the app is there.
 */
export function RecommendationStripView({
  ai,
  similar,
  fresh,
}: {
  ai: ReactNode;
  similar: ReactNode;
  fresh: ReactNode;
}) {
  const { t } = useTranslation('edutech');
  return (
    <section aria-labelledby="edutech-strip">
      <Title order={2} fz="h4" id="edutech-strip" mb="sm">
        {t('strip.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <StripList id="strip-ai" title={t('strip.ai')} icon={<IconSparkles size={18} aria-hidden />}>
          {ai}
        </StripList>
        <StripList id="strip-similar" title={t('strip.similar')} icon={<IconUsers size={18} aria-hidden />}>
          {similar}
        </StripList>
        <StripList id="strip-new" title={t('strip.new')} icon={<IconSeeding size={18} aria-hidden />}>
          {fresh}
        </StripList>
      </SimpleGrid>
    </section>
  );
}

function ListContent({ items, empty }: { items: RecommendedProduct[]; empty: string }) {
  const { t, i18n } = useTranslation('edutech');
  if (items.length === 0) return <StripEmpty>{empty}</StripEmpty>;
  return (
    <StripItems>
      {items.map((item) => (
        <StripItem
          key={item.product.id}
          look={stripItemLook(item, reasonText(item.reason, t, i18n.language))}
        />
      ))}
    </StripItems>
  );
}

/** The three lists (core.md §2): recommended for the teacher, liked by similar teachers, new — each saying why. */
export function RecommendationStrip() {
  const { t } = useTranslation('edutech');
  const strip = useRecommendationStrip();
  if (strip.isPending)
    return <Skeleton h={200} radius="lg" aria-busy data-first-paint={FIRST_PAINT_SLOT.strip} />;
  if (strip.isError) return null;
  const { aiRecommended, similarTeachers, newGoods } = strip.data;
  return (
    <RecommendationStripView
      ai={<ListContent items={aiRecommended} empty={t('strip.emptyAi')} />}
      similar={<ListContent items={similarTeachers} empty={t('strip.emptySimilar')} />}
      fresh={<ListContent items={newGoods} empty={t('strip.emptyNew')} />}
    />
  );
}
