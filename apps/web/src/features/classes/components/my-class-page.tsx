import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClassrooms } from '../api';
import { ClassFormModal } from './class-form-modal';
import { RosterPanel } from './roster-panel';

/** /my-class (My Class): the teacher's classes and the roster of the one chosen. */
export function MyClassPage() {
  const { t } = useTranslation('classes');
  const classes = useClassrooms();
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = classes.data ?? [];
  const current = list.find((c) => c.id === chosen) ?? list[0];

  return (
    <Stack gap="lg">
      <title>{t('myClass.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('myClass.title')}</Title>
          <Text c="dimmed">{t('myClass.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('myClass.create')}
        </Button>
      </Group>
      {classes.isPending ? (
        <Skeleton h={200} />
      ) : list.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Stack align="flex-start" gap="sm">
            <Text fw={700}>{t('myClass.emptyTitle')}</Text>
            <Text c="dimmed">{t('myClass.emptyBody')}</Text>
            <Button onClick={() => setCreating(true)}>{t('myClass.create')}</Button>
          </Stack>
        </Card>
      ) : (
        <>
          {list.length > 1 && (
            <SegmentedControl
              aria-label={t('myClass.choose')}
              data={list.map((c) => ({ value: String(c.id), label: c.label }))}
              value={String(current?.id)}
              onChange={(value) => setChosen(Number(value))}
            />
          )}
          {current && <RosterPanel key={current.id} classroom={current} chooseHomeroom={false} />}
        </>
      )}
      {creating && (
        <ClassFormModal
          opened
          onClose={() => setCreating(false)}
          chooseHomeroom={false}
          onSaved={(c) => setChosen(c.id)}
        />
      )}
    </Stack>
  );
}
