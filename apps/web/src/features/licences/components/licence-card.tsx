import { Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import type { LicenseInfo } from '@ssaem/contracts/users';
import { useTranslation } from 'react-i18next';
import { formatDate, numberFormat } from '../../../lib/format';
import { daysLeft, usagePercent } from '../licence-format';

const STATUS_COLOR: Record<LicenseInfo['status'], string> = {
  ACTIVE: 'sage',
  SUSPENDED: 'orange',
  EXPIRED: 'gray',
  ERROR: 'red',
};

/** A licence with its token usage bar and the D-n countdown to its end. */
export function LicenceCard({ licence, headingLevel = 2 }: { licence: LicenseInfo; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation('account');
  const percent = usagePercent(licence);
  const days = daysLeft(licence.expiresAt);
  const number = numberFormat(i18n.language);
  const hasKey = Boolean(licence.licenseKey);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="licence-card-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={headingLevel} fz="h4" id="licence-card-title">
            {licence.licenseName ?? t('licence.title')}
          </Title>
          <Group gap="xs">
            {days !== null && days >= 0 && (
              <Badge variant="outline" color={days <= 14 ? 'red' : 'sage'}>
                {t('licence.dDay', { days })}
              </Badge>
            )}
            <Badge color={licence.isValid ? STATUS_COLOR[licence.status] : 'red'}>
              {licence.isValid ? t(`licence.status.${licence.status}`) : t('licence.invalid')}
            </Badge>
          </Group>
        </Group>
        {hasKey ? (
          <>
            <Text size="sm" c="dimmed">
              {t('licence.key')}: <span translate="no">{licence.licenseKey}</span>
            </Text>
            {licence.expiresAt && (
              <Text size="sm">
                {t('licence.expires', {
                  date: formatDate(licence.expiresAt, i18n.language),
                })}
              </Text>
            )}
            <Text size="sm" fw={600} id="licence-usage-label">
              {percent === null
                ? t('licence.unlimited', { used: number.format(licence.tokenUsed) })
                : t('licence.usage', {
                    used: number.format(licence.tokenUsed),
                    limit: number.format(licence.tokenLimit),
                  })}
            </Text>
            {percent !== null && (
              <Progress
                value={percent}
                color={percent >= 90 ? 'red' : 'sage'}
                size="lg"
                radius="xl"
                aria-labelledby="licence-usage-label"
              />
            )}
          </>
        ) : (
          <Text size="sm">{t('licence.none')}</Text>
        )}
      </Stack>
    </Card>
  );
}
