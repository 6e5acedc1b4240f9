import '@mantine/core/styles/Badge.css';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { EdutechProductSummary } from '@ssaem/contracts/edutech';
import { IconHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeRow, SellerBadges } from './badges';
import { ProductLogo } from './product-logo';

/** One product in the catalogue: logo, name, vendor, category, levels, price and badges. */
export function ProductCard({ product }: { product: EdutechProductSummary }) {
  const { t } = useTranslation('edutech');
  return (
    <Card withBorder radius="lg" padding="md" h="100%" component="article">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductLogo name={product.name} logoUrl={product.logoUrl} category={product.category} />
          <div style={{ minWidth: 0 }}>
            <Text
              component={Link}
              to={`/edutech/${product.id}`}
              fw={700}
              lineClamp={2}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              {product.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {product.vendor?.name ?? t('card.noVendor')}
            </Text>
          </div>
        </Group>
        <BadgeRow>
          <Badge variant="light">{t(`categories.${product.category}`)}</Badge>
          <Badge variant="outline" color={product.priceType === 'FREE' ? 'teal' : 'gray'}>
            {product.pricePolicy}
          </Badge>
          {product.inUse && (
            <Badge color="green" variant="filled">
              {t('badges.inUse')}
            </Badge>
          )}
          {product.serviceStatus === 'ENDED' && (
            <Badge color="gray" variant="filled">
              {t('badges.ended')}
            </Badge>
          )}
          <SellerBadges badges={product.badges} />
        </BadgeRow>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flexGrow: 1 }}>
          {product.description}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {product.levels.map((level) => t(`levels.${level}`)).join(' · ')}
          </Text>
          <Group gap={4} c="dimmed" aria-label={t('card.likes', { count: product.likeCount })}>
            <IconHeart size={14} aria-hidden />
            <Text size="xs">{product.likeCount}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
