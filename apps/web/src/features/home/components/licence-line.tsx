import { Anchor, Group, Text } from '@mantine/core';
import type { LicenseInfo } from '@ssaem/contracts/users';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { daysLeft, usagePercent } from '../../licences/licence-format';

/** The licence as one quiet line: its name, the days left and the share of tokens used. */
export function LicenceLine({ licence }: { licence: LicenseInfo }) {
  const { t } = useTranslation('dashboard');
  const days = daysLeft(licence.expiresAt);
  const percent = usagePercent(licence);
  const name = licence.licenseName ?? t('licence.label');
  const parts = licence.isValid
    ? [
        days !== null && days >= 0 ? t('licence.valid', { name, days }) : t('licence.validNoEnd', { name }),
        percent !== null ? t('licence.usage', { percent }) : null,
      ].filter(Boolean)
    : [t('licence.invalid')];
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="licence-line">
      <IconCertificate size={16} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="sm" c={licence.isValid ? 'dimmed' : 'red'}>
        <span>{t('licence.label')}: </span>
        {parts.join(' · ')}{' '}
        <Anchor component={Link} to="/my-info" size="sm">
          {t('licence.manage')}
        </Anchor>
      </Text>
    </Group>
  );
}
