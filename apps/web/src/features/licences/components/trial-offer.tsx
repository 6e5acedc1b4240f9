import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber } from '../../../lib/format';
import { useStartTrial, useTrialOffer } from '../api';

/**
 * The free trial on the licence wall: what it gives, and one button that starts it. Shown while it
 * can be started; once used, a line says so; nothing when the service offers no trial.
 */
export function TrialOffer({ onStarted }: { onStarted: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const offer = useTrialOffer();
  const start = useStartTrial();
  const plan = offer.data?.plan;

  if (offer.data?.status === 'USED')
    return (
      <Text size="sm" c="dimmed">
        {t('trial.used')}
      </Text>
    );
  if (offer.data?.status !== 'AVAILABLE' || !plan) return null;

  const tokens =
    plan.tokenLimit === 0
      ? t('trial.unlimited')
      : t('trial.tokens', { amount: formatNumber(plan.tokenLimit, i18n.language) });
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="trial-title" bg="sage.0">
      <Stack gap="sm">
        <Group gap="xs">
          <IconGift size={22} aria-hidden color="var(--mantine-color-sage-7)" />
          <Title order={2} fz="h4" id="trial-title">
            {t('trial.title')}
          </Title>
        </Group>
        <Text>{t('trial.body', { days: plan.periodDays, tokens })}</Text>
        <Text size="sm" c="dimmed">
          {t('trial.once')}
        </Text>
        <Group>
          <Button
            loading={start.isPending}
            // mutateAsync, not mutate's callback: the new licence makes the wall drop this card
            // (it unmounts) before a per-call callback would run.
            onClick={() => start.mutateAsync().then(onStarted, () => undefined)}
          >
            {t('trial.start')}
          </Button>
        </Group>
        {start.isError && (
          <Alert color="red" variant="light" role="alert">
            {apiErrorMessage(start.error, tc)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
