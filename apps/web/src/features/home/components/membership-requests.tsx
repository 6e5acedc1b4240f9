import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MembershipRequest } from '@ssaem/contracts/users';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { formatDate } from '../../../lib/format';
import { type MembershipDecision, useDecideMembership, usePendingMembershipRequests } from '../api';

const SHOWN = 5;

function RequestRow({ request, showSchool }: { request: MembershipRequest; showSchool: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const toast = useToast();
  const decide = useDecideMembership();
  const handle = (decision: MembershipDecision) =>
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () =>
          toast.show(
            t(decision === 'approve' ? 'admin.requests.approved' : 'admin.requests.rejected', {
              name: request.name,
            }),
          ),
        onError: (error) => toast.show(apiErrorMessage(error, tCommon)),
      },
    );
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <div>
        <Text fw={600} size="sm">
          {request.name}{' '}
          <Text span size="xs" c="dimmed">
            {request.email ?? request.username}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {showSchool ? `${request.schoolName} · ` : ''}
          {t('admin.requests.requestedAt', {
            date: formatDate(request.createdAt, i18n.language),
          })}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          onClick={() => handle('approve')}
          loading={decide.isPending && decide.variables?.decision === 'approve'}
          disabled={decide.isPending}
          aria-label={`${request.name} ${t('admin.requests.approve')}`}
        >
          {t('admin.requests.approve')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => handle('reject')}
          loading={decide.isPending && decide.variables?.decision === 'reject'}
          disabled={decide.isPending}
          aria-label={`${request.name} ${t('admin.requests.reject')}`}
        >
          {t('admin.requests.reject')}
        </Button>
      </Group>
    </Group>
  );
}

/** Requests to join the school waiting for a decision, with their count, each approved or rejected here. */
export function MembershipRequests({ showSchool }: { showSchool: boolean }) {
  const { t } = useTranslation('dashboard');
  const requests = usePendingMembershipRequests();
  const headingId = useId();
  const items = requests.data ?? [];
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h5" id={headingId}>
          {t('admin.requests.title')}
        </Title>
        {requests.isSuccess ? (
          <Badge color={items.length > 0 ? 'orange' : 'gray'} variant="light" data-testid="pending-count">
            {items.length}
          </Badge>
        ) : null}
      </Group>
      {requests.isPending ? (
        <Skeleton h={60} />
      ) : requests.isError ? (
        <Text size="sm" c="red">
          {t('admin.requests.failed')}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.requests.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('admin.requests.count', { count: items.length })}</Text>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {items.slice(0, SHOWN).map((request) => (
              <RequestRow key={request.id} request={request} showSchool={showSchool} />
            ))}
          </Stack>
          {items.length > SHOWN ? (
            <Text size="xs" c="dimmed">
              {t('admin.requests.more', { count: items.length - SHOWN })}
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
