import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Button, Card, Group, Skeleton, Stack, Table, TagsInput, Text, Title } from '@mantine/core';
import type { MembershipRequest } from '@ssaem/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useUsersInfo } from '../../account/api';
import { useDecideRequest, useEmailDomains, useSaveEmailDomains, useSchoolRequests } from '../api';
import { ConfirmModal, DataTable, formatDate } from './admin-ui';

function RequestsCard() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const requests = useSchoolRequests();
  const decide = useDecideRequest();
  const [rejecting, setRejecting] = useState<MembershipRequest | null>(null);
  const run = (request: MembershipRequest, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () =>
          toast.show(
            decision === 'approve'
              ? t('requests.approved', { name: request.name })
              : t('requests.rejected', { name: request.name }),
          ),
        onSettled: () => setRejecting(null),
      },
    );
  const list = requests.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pending-title">
      <Title order={2} fz="h4" id="pending-title" mb="sm">
        {t('requests.pending')}
      </Title>
      {decide.error && (
        <Alert color="red" role="alert" mb="sm">
          {apiErrorMessage(decide.error, tc)}
        </Alert>
      )}
      {requests.isPending ? (
        <Skeleton h={120} />
      ) : (
        <DataTable
          label={t('requests.pending')}
          isEmpty={list.length === 0}
          empty={t('requests.empty')}
          head={
            <Table.Tr>
              <Table.Th>{t('users.columns.name')}</Table.Th>
              <Table.Th>{t('users.columns.username')}</Table.Th>
              <Table.Th>{t('detail.email')}</Table.Th>
              <Table.Th>{t('requests.school')}</Table.Th>
              <Table.Th>{t('requests.requestedAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          }
        >
          {list.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td>{request.name}</Table.Td>
              <Table.Td>{request.username}</Table.Td>
              <Table.Td>{request.email ?? '—'}</Table.Td>
              <Table.Td>{request.schoolName}</Table.Td>
              <Table.Td>{formatDate(request.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => run(request, 'approve')} loading={decide.isPending}>
                    {t('requests.approve')}
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => setRejecting(request)}>
                    {t('requests.reject')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmModal
        opened={rejecting !== null}
        title={t('requests.rejectTitle')}
        body={t('requests.rejectBody', { name: rejecting?.name ?? '' })}
        confirmLabel={t('requests.reject')}
        loading={decide.isPending}
        onConfirm={() => rejecting && run(rejecting, 'reject')}
        onClose={() => setRejecting(null)}
      />
    </Card>
  );
}

function DomainsEditor({ schoolId, initial }: { schoolId: number; initial: string[] }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSaveEmailDomains(schoolId);
  const [domains, setDomains] = useState(initial);
  return (
    <Stack gap="sm">
      {save.error && (
        <Alert color="red" role="alert">
          {apiErrorMessage(save.error, tc)}
        </Alert>
      )}
      <TagsInput
        label={t('requests.domainsLabel')}
        placeholder={t('requests.domainsPlaceholder')}
        value={domains}
        onChange={setDomains}
        maxTags={20}
        splitChars={[',', ' ']}
        clearable
      />
      <Group justify="flex-end">
        <Button
          loading={save.isPending}
          onClick={() => save.mutate(domains, { onSuccess: () => toast.show(t('common.saved')) })}
        >
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function DomainsCard() {
  const { t } = useTranslation('admin');
  const info = useUsersInfo();
  const schoolId = info.data?.schoolInfo?.id ?? null;
  const domains = useEmailDomains(schoolId);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="domains-title">
      <Title order={2} fz="h4" id="domains-title" mb={4}>
        {t('requests.domains')}
        {info.data?.schoolInfo ? ` · ${info.data.schoolInfo.name}` : ''}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('requests.domainsHint')}
      </Text>
      {info.isPending || (schoolId !== null && domains.isPending) ? (
        <Skeleton h={60} />
      ) : schoolId === null ? (
        <Text c="dimmed">{t('requests.noSchool')}</Text>
      ) : (
        <DomainsEditor
          key={domains.dataUpdatedAt}
          schoolId={schoolId}
          initial={domains.data?.domains ?? []}
        />
      )}
    </Card>
  );
}

/** /admin/school-requests: join requests and the school's e-mail domains. */
export function SchoolRequestsPage() {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg" maw={1080}>
      <title>{t('requests.meta')}</title>
      <div>
        <Title order={1}>{t('requests.title')}</Title>
        <Text c="dimmed">{t('requests.lead')}</Text>
      </div>
      <RequestsCard />
      <DomainsCard />
    </Stack>
  );
}
