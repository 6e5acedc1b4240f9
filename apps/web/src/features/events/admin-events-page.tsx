import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { EventRegistrationRow, EventSlug, SiteEvent, SiteEventUpdate } from '@ssaem/contracts/events';
import { EVENT_SLUGS } from '@ssaem/contracts/events';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../components/toast/toast-context';
import { apiRequest } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { apiFieldErrors } from '../../lib/field-errors';
import { downloadExport } from '../admin/api';
import { DataTable, formatDateTime } from '../admin/components/admin-ui';
import { displayStatus, useUpdateSiteEvent } from './events-api';

const DATE_FIELDS = ['registrationOpensAt', 'registrationClosesAt', 'startsAt', 'endsAt'] as const;
type DateField = (typeof DATE_FIELDS)[number];
const KST_MS = 9 * 3_600_000;

/** An instant as a datetime-local value in Korean time (the events happen in Korea). */
export function toKoreanInput(iso: string): string {
  return new Date(Date.parse(iso) + KST_MS).toISOString().slice(0, 16);
}
export function fromKoreanInput(value: string): string {
  return `${value}:00+09:00`;
}

function useRegistrations(slug: EventSlug) {
  return useQuery({
    queryKey: ['site-events', slug, 'registrations'],
    queryFn: ({ signal }) =>
      apiRequest<{ event: SiteEvent; items: EventRegistrationRow[] }>(
        `/api/v1/admin/events/${slug}/registrations`,
        { signal },
      ),
  });
}

/** Name, venue, the four dates (Korean time) and the capacity; saved together, audited on the server. */
function EventSettings({ event }: { event: SiteEvent }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const update = useUpdateSiteEvent(event.slug);
  const [draft, setDraft] = useState(
    () =>
      ({
        name: event.name,
        venue: event.venue,
        capacity: event.capacity,
        ...Object.fromEntries(DATE_FIELDS.map((field) => [field, toKoreanInput(event[field])])),
      }) as { name: string; venue: string; capacity: number } & Record<DateField, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const body: SiteEventUpdate = {
      name: draft.name,
      venue: draft.venue,
      capacity: draft.capacity,
      ...Object.fromEntries(DATE_FIELDS.map((field) => [field, fromKoreanInput(draft[field])])),
    };
    update.mutate(body, {
      onSuccess: () => {
        setErrors({});
        toast.show(t('events.saved'));
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        if (fields) setErrors(fields);
        else toast.show(apiErrorMessage(error, tc));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={save} aria-label={t('events.settings')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('events.settings')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('events.name')}
            value={draft.name}
            onChange={(e) => setDraft((d) => ({ ...d, name: e.currentTarget.value }))}
            error={errors.name}
          />
          <TextInput
            label={t('events.venue')}
            value={draft.venue}
            onChange={(e) => setDraft((d) => ({ ...d, venue: e.currentTarget.value }))}
            error={errors.venue}
          />
          {DATE_FIELDS.map((field) => (
            <TextInput
              key={field}
              type="datetime-local"
              label={t(`events.${field}`)}
              value={draft[field]}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setDraft((d) => ({ ...d, [field]: value }));
              }}
              error={errors[field]}
            />
          ))}
          <NumberInput
            label={t('events.capacity')}
            value={draft.capacity}
            min={1}
            allowDecimal={false}
            onChange={(value) => setDraft((d) => ({ ...d, capacity: Number(value) || 1 }))}
            error={errors.capacity}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('events.kst')}
        </Text>
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('events.save')}
        </Button>
      </Stack>
    </Paper>
  );
}

function Registrations({ slug }: { slug: EventSlug }) {
  const { t, i18n } = useTranslation('admin');
  const { t: te } = useTranslation('events');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const list = useRegistrations(slug);
  if (list.isPending) return <Skeleton h={320} />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(list.error, tc)}
      </Alert>
    );
  const { event, items } = list.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Text>
          {t('events.summary', {
            status: te(`status.${displayStatus(event)}`),
            count: items.length,
            seats: event.registered,
            capacity: event.capacity,
          })}{' '}
          <Anchor component={Link} to={`/events/${slug}`}>
            {t('events.openPage')}
          </Anchor>
        </Text>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() =>
            downloadExport(
              `/api/v1/admin/events/${slug}/registrations/export`,
              {},
              `${slug}-registrations.xlsx`,
            ).catch((error: unknown) => toast.show(apiErrorMessage(error, tc)))
          }
        >
          {t('common.export')}
        </Button>
      </Group>
      <EventSettings key={`${slug}-${event.registrationClosesAt}-${event.capacity}`} event={event} />
      <DataTable
        label={t('events.listTitle')}
        isEmpty={items.length === 0}
        empty={t('events.empty')}
        minWidth={760}
        head={
          <Table.Tr>
            <Table.Th>{t('events.when')}</Table.Th>
            <Table.Th>{t('events.person')}</Table.Th>
            <Table.Th>{t('events.school')}</Table.Th>
            <Table.Th>{t('events.contact')}</Table.Th>
            <Table.Th>{t('events.attendees')}</Table.Th>
          </Table.Tr>
        }
      >
        {items.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDateTime(row.createdAt, i18n.language)}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.schoolName}</Table.Td>
            <Table.Td>
              {row.email}
              {row.phone ? ` · ${row.phone}` : ''}
            </Table.Td>
            <Table.Td>{row.attendees}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}

/** /admin/events: the super administrator sets each event's dates and capacity and reads (and exports) who registered. */
export function AdminEventsPage() {
  const { t } = useTranslation('admin');
  const { t: te } = useTranslation('events');
  const [slug, setSlug] = useState<EventSlug>('fair2025');
  return (
    <Stack gap="lg">
      <title>{t('events.meta')}</title>
      <div>
        <Title order={1}>{t('events.title')}</Title>
        <Text c="dimmed">{t('events.lead')}</Text>
      </div>
      <SegmentedControl
        value={slug}
        onChange={(value) => setSlug(value as EventSlug)}
        data={EVENT_SLUGS.map((value) => ({ value, label: te(`items.${value}.title`) }))}
        style={{ alignSelf: 'flex-start' }}
      />
      <Registrations key={slug} slug={slug} />
    </Stack>
  );
}
