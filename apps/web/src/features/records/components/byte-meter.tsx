import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../../lib/format';

/** NEIS bytes used of the area's limit; red past the limit. */
export function ByteMeter({ bytes, limit, label }: { bytes: number; limit: number; label: string }) {
  const { t, i18n } = useTranslation('records');
  const over = bytes > limit;
  const number = numberFormat(i18n.language);
  return (
    <div data-testid="byte-meter" data-over={over}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text size="xs" c={over ? 'red' : 'dimmed'} fw={over ? 700 : 400} aria-live="polite">
          {over
            ? t('meter.over', {
                bytes: number.format(bytes),
                limit: number.format(limit),
                excess: number.format(bytes - limit),
              })
            : t('meter.within', { bytes: number.format(bytes), limit: number.format(limit) })}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, (bytes / limit) * 100)}
        color={over ? 'red' : bytes > limit * 0.9 ? 'yellow' : 'teal'}
        size="sm"
        aria-label={t('meter.label', { area: label })}
      />
    </div>
  );
}
