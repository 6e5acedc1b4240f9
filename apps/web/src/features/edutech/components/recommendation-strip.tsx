import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RecommendedProduct } from '@ssaem/contracts/edutech';
import { IconSeeding, IconSparkles, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRecommendationStrip } from '../api';
import { reasonText } from '../reason-text';
import { ProductLogo } from './product-logo';

function StripList({
  id,
  title,
  icon,
  items,
  empty,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  items: RecommendedProduct[];
  empty: string;
}) {
  const { t, i18n } = useTranslation('edutech');
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={id}>
      <Group gap={6} mb="sm">
        {icon}
        <Title order={3} fz="md" id={id}>
          {title}
        </Title>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={item.product.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ProductLogo
                name={item.product.name}
                logoUrl={item.product.logoUrl}
                category={item.product.category}
                size={36}
              />
              <div style={{ minWidth: 0 }}>
                <Text
                  component={Link}
                  to={`/edutech/${item.product.id}`}
                  fw={600}
                  size="sm"
                  lineClamp={1}
                  style={{ color: 'inherit' }}
                >
                  {item.product.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {reasonText(item.reason, t, i18n.language)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** The three lists (core.md §2): recommended for the teacher, liked by similar teachers, new — each saying why. */
export function RecommendationStrip() {
  const { t } = useTranslation('edutech');
  const strip = useRecommendationStrip();
  if (strip.isPending) return <Skeleton h={200} radius="lg" aria-busy />;
  if (strip.isError) return null;
  const { aiRecommended, similarTeachers, newGoods } = strip.data;
  return (
    <section aria-labelledby="edutech-strip">
      <Title order={2} fz="h4" id="edutech-strip" mb="sm">
        {t('strip.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <StripList
          id="strip-ai"
          title={t('strip.ai')}
          icon={<IconSparkles size={18} aria-hidden />}
          items={aiRecommended}
          empty={t('strip.emptyAi')}
        />
        <StripList
          id="strip-similar"
          title={t('strip.similar')}
          icon={<IconUsers size={18} aria-hidden />}
          items={similarTeachers}
          empty={t('strip.emptySimilar')}
        />
        <StripList
          id="strip-new"
          title={t('strip.new')}
          icon={<IconSeeding size={18} aria-hidden />}
          items={newGoods}
          empty={t('strip.emptyNew')}
        />
      </SimpleGrid>
    </section>
  );
}
