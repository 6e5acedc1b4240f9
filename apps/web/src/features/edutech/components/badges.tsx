import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import { EDUTECH_DDAY_URGENT_DAYS } from '@ssaem/contracts/edutech-options';
import { useTranslation } from 'react-i18next';

/** Best seller and steady seller (the rule is in the contracts: BEST_SELLER_TOP, STEADY_SELLER_DAYS). */
export function SellerBadges({ badges }: { badges: { bestSeller: boolean; steadySeller: boolean } }) {
  const { t } = useTranslation('edutech');
  if (!badges.bestSeller && !badges.steadySeller) return null;
  return (
    <>
      {badges.bestSeller && (
        <Badge color="red" variant="light" title={t('badges.bestSellerRule')}>
          {t('badges.bestSeller')}
        </Badge>
      )}
      {badges.steadySeller && (
        <Badge color="yellow" variant="light" title={t('badges.steadySellerRule')}>
          {t('badges.steadySeller')}
        </Badge>
      )}
    </>
  );
}

/** D-{days} to the end date; "unlimited" without one; "expired" once it has passed. */
export function DdayBadge({ daysLeft }: { daysLeft: number | null }) {
  const { t } = useTranslation('edutech');
  if (daysLeft === null) {
    return (
      <Badge color="gray" variant="outline">
        {t('badges.unlimited')}
      </Badge>
    );
  }
  if (daysLeft < 0) {
    return (
      <Badge color="gray" variant="filled">
        {t('badges.expired')}
      </Badge>
    );
  }
  return (
    <Badge color={daysLeft <= EDUTECH_DDAY_URGENT_DAYS ? 'red' : 'blue'} variant="filled">
      {t('badges.dday', { days: daysLeft })}
    </Badge>
  );
}

export function BadgeRow({ children }: { children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="wrap">
      {children}
    </Group>
  );
}
