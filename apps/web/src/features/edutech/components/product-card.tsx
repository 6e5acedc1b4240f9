import '@mantine/core/styles/Badge.css';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { EdutechProductSummary } from '@ssaem/contracts/edutech';
import { IconHeart } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type EdutechText, type ProductCardLook, productCardLook } from '../card-look';
import { BadgeRow, SellerBadges } from './badges';
import { ProductLogoView } from './product-logo';

/** The badges a card shows only for some products, in the order the card shows them. */
export function CardStateBadges({
  look,
}: {
  look: Pick<ProductCardLook, 'inUse' | 'ended' | 'bestSeller' | 'steadySeller'>;
}) {
  const { t } = useTranslation('edutech');
  return (
    <>
      {look.inUse && (
        <Badge color="green" variant="filled">
          {t('badges.inUse')}
        </Badge>
      )}
      {look.ended && (
        <Badge color="gray" variant="filled">
          {t('badges.ended')}
        </Badge>
      )}
      <SellerBadges badges={look} />
    </>
  );
}

/**
 * A card as card-look.ts works it out. The catalogue's first paint draws the same markup from
 * templates of this component (first-paint.ts), before the app is there.
 */
export function ProductCardView({
  look,
  stateBadges,
}: {
  look: ProductCardLook;
  /** In place of the state badges: the build's slot marker for them (first-paint-templates.tsx). */
  stateBadges?: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="md" h="100%" component="article">
      <Stack gap="xs" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductLogoView look={look.logo} />
          <div style={{ minWidth: 0 }}>
            <Text
              component={Link}
              to={look.href}
              fw={700}
              lineClamp={2}
              style={{ color: 'inherit', textDecoration: 'none' }}
            >
              {look.name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {look.vendor}
            </Text>
          </div>
        </Group>
        <BadgeRow>
          <Badge variant="light">{look.category}</Badge>
          <Badge variant="outline" color={look.free ? 'teal' : 'gray'}>
            {look.price}
          </Badge>
          {stateBadges ?? <CardStateBadges look={look} />}
        </BadgeRow>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flexGrow: 1 }}>
          {look.description}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {look.levels}
          </Text>
          <Group gap={4} c="dimmed" aria-label={look.likesLabel}>
            <IconHeart size={14} aria-hidden />
            <Text size="xs">{look.likeCount}</Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** One product in the catalogue: logo, name, vendor, category, levels, price and badges. */
export function ProductCard({ product }: { product: EdutechProductSummary }) {
  const { t } = useTranslation('edutech');
  const text: EdutechText = (key, values) => t(key as 'card.likes', values ?? {});
  return <ProductCardView look={productCardLook(product, text)} />;
}
