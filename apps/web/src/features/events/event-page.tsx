import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { EVENT_SLUGS, type EventSlug, type SiteEvent } from '@ssaem/contracts/events';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { apiErrorMessage } from '../../lib/api-error-message';
import { PageHero } from '../public-site/components/page-hero';
import { EventRegistrationForm } from './event-registration-form';
import { displayStatus, formatKoreanRange, formatKoreanTime, useSiteEvent } from './events-api';

const STATUS_COLOURS = {
  UPCOMING: 'blue',
  OPEN: 'sage',
  CLOSED: 'gray',
  ENDED: 'gray',
  FULL: 'orange',
} as const;

function isEventSlug(value: string | undefined): value is EventSlug {
  return EVENT_SLUGS.includes(value as EventSlug);
}

/** The date, place, registration window and capacity, as the database holds them now. */
function ScheduleCard({ event }: { event: SiteEvent }) {
  const { t, i18n } = useTranslation('events');
  const span = (from: string, to: string) => formatKoreanRange(from, to, i18n.language);
  const rows = [
    [t('schedule.when'), span(event.startsAt, event.endsAt)],
    [t('schedule.where'), event.venue],
    [t('schedule.registration'), span(event.registrationOpensAt, event.registrationClosesAt)],
    [t('schedule.capacity'), t('schedule.seats', { capacity: event.capacity, registered: event.registered })],
  ] as const;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            {t('schedule.title')}
          </Title>
          <Badge color={STATUS_COLOURS[displayStatus(event)]} variant="light" size="lg">
            {t(`status.${displayStatus(event)}`)}
          </Badge>
        </Group>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={110}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {t('schedule.kst')}
        </Text>
      </Stack>
    </Paper>
  );
}

function Program({ slug }: { slug: EventSlug }) {
  const { t } = useTranslation('events');
  const program = t(`items.${slug}.program`, { returnObjects: true }) as { time: string; title: string }[];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('schedule.programTitle')}
      </Title>
      <Table>
        <Table.Tbody>
          {program.map((item) => (
            <Table.Tr key={item.time}>
              <Table.Td w={80} fw={600}>
                {item.time}
              </Table.Td>
              <Table.Td>{item.title}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Registration while open; otherwise one plain sentence of why not. */
function Registration({ event }: { event: SiteEvent }) {
  const { t, i18n } = useTranslation('events');
  const status = displayStatus(event);
  if (status === 'OPEN') return <EventRegistrationForm slug={event.slug} />;
  return (
    <Alert color={status === 'UPCOMING' ? 'blue' : 'gray'} title={t(`status.${status}`)} role="status">
      {t(`state.${status}`, { opens: formatKoreanTime(event.registrationOpensAt, i18n.language) })}
    </Alert>
  );
}

/** /events/fair2025 and /events/arena2025 (core.md §2: the Fair2025 and Arena2025 event pages). */
export function EventPage() {
  const { slug } = useParams();
  if (!isEventSlug(slug)) return <NotFoundPage />;
  return <EventContent slug={slug} />;
}

function EventContent({ slug }: { slug: EventSlug }) {
  const { t } = useTranslation('events');
  const { t: tc } = useTranslation();
  const event = useSiteEvent(slug);
  const other = EVENT_SLUGS.find((candidate) => candidate !== slug) ?? slug;
  return (
    <>
      <title>{t('meta', { name: t(`items.${slug}.title`) })}</title>
      <PageHero
        eyebrow={t(`items.${slug}.tagline`)}
        title={t(`items.${slug}.title`)}
        lead={t(`items.${slug}.lead`)}
      />
      <Container size="lg" pb="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="lg">
            <Text lh={1.7}>{t(`items.${slug}.about`)}</Text>
            {event.isPending ? (
              <Skeleton h={220} />
            ) : event.isError ? (
              <Alert color="red" role="alert">
                {apiErrorMessage(event.error, tc)}
              </Alert>
            ) : (
              <ScheduleCard event={event.data} />
            )}
          </Stack>
          {/* On a phone the form comes right after the dates, before the programme. */}
          <Stack gap="lg">
            {event.data && <Registration event={event.data} />}
            <Program slug={slug} />
            <Anchor component={Link} to={`/events/${other}`} size="sm">
              {t('backToEvents')}: {t(`items.${other}.title`)}
            </Anchor>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
