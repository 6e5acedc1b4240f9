import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type LicenseKeyGroup, type LicensePlan, licenseKeyBatchSchema } from '@ssaem/contracts/licenses';
import { IconDownload, IconKey, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { fieldErrorsOf } from '../../../lib/field-errors';
import {
  downloadKeyGroup,
  useLicenceKeyGroups,
  useMakeLicenceKeys,
  useRevokeKeyGroup,
  useSendLicenceKeys,
} from '../api';
import { ConfirmModal, DataTable, formatDate } from './admin-ui';

/** Addresses pasted from a sheet or a mail client: split on commas, semicolons, spaces and lines. */
export function parseAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

function MakeKeysForm({ plans, onDone }: { plans: LicensePlan[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const make = useMakeLicenceKeys();
  const [licenseId, setLicenseId] = useState<string | null>(
    plans.find((p) => !p.trial)?.id.toString() ?? null,
  );
  const [groupName, setGroupName] = useState('');
  const [count, setCount] = useState<number | string>(30);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = licenseKeyBatchSchema.safeParse({
      licenseId: Number(licenseId),
      groupName,
      count: Number(count),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    make.mutate(parsed.data, {
      onSuccess: (group) => {
        toast.show(t('keys.made', { name: group.name, count: group.issued }));
        onDone();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('keys.make')}>
      <Stack gap="sm">
        {make.error && (
          <Alert color="red" role="alert">
            {apiErrorMessage(make.error, tc)}
          </Alert>
        )}
        <Select
          label={t('keys.plan')}
          data={plans.map((plan) => ({ value: String(plan.id), label: plan.name }))}
          value={licenseId}
          onChange={setLicenseId}
          error={errors.licenseId && t('keys.pickPlan')}
          allowDeselect={false}
          required
        />
        <TextInput
          label={t('keys.groupName')}
          description={t('keys.groupNameHint')}
          value={groupName}
          onChange={(e) => setGroupName(e.currentTarget.value)}
          error={errors.groupName}
          maxLength={60}
          required
        />
        <NumberInput
          label={t('keys.count')}
          value={count}
          onChange={setCount}
          error={errors.count}
          min={1}
          max={1000}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={make.isPending}>
            {t('keys.make')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SendKeysForm({ group, onDone }: { group: LicenseKeyGroup; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const send = useSendLicenceKeys(group.name);
  const [text, setText] = useState('');
  const addresses = parseAddresses(text);
  return (
    <form
      noValidate
      aria-label={t('keys.send')}
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(addresses, {
          onSuccess: (result) => {
            toast.show(t('keys.sent', { count: result.sent, remaining: result.remaining }));
            onDone();
          },
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('keys.sendLead', { name: group.name })}</Text>
        {send.error && (
          <Alert color="red" role="alert">
            {apiErrorMessage(send.error, tc)}
          </Alert>
        )}
        <Textarea
          label={t('keys.addresses')}
          description={t('keys.addressesHint', { count: addresses.length })}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={6}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={addresses.length === 0}>
            {t('keys.sendCount', { count: addresses.length })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The key groups of every plan: make a group, download it, mail its keys. */
export function LicenceKeyGroups({ plans }: { plans: LicensePlan[] }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const groups = useLicenceKeyGroups();
  const [making, setMaking] = useState(false);
  const [sending, setSending] = useState<LicenseKeyGroup | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [revoking, setRevoking] = useState<LicenseKeyGroup | null>(null);
  const revoke = useRevokeKeyGroup();
  const toast = useToast();
  const list = groups.data ?? [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="key-groups-title">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} fz="h4" id="key-groups-title">
            {t('keys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('keys.lead')}
          </Text>
        </div>
        <Button
          leftSection={<IconKey size={16} aria-hidden />}
          onClick={() => setMaking(true)}
          disabled={plans.length === 0}
        >
          {t('keys.make')}
        </Button>
      </Group>
      {downloadError !== null && (
        <Alert color="red" role="alert" mb="sm">
          {apiErrorMessage(downloadError, tc)}
        </Alert>
      )}
      {groups.isPending ? (
        <Skeleton h={120} />
      ) : (
        <DataTable
          label={t('keys.title')}
          isEmpty={list.length === 0}
          empty={t('keys.empty')}
          minWidth={760}
          head={
            <Table.Tr>
              <Table.Th>{t('keys.columns.name')}</Table.Th>
              <Table.Th>{t('keys.columns.plan')}</Table.Th>
              <Table.Th>{t('keys.columns.counts')}</Table.Th>
              <Table.Th>{t('keys.columns.createdAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          }
        >
          {list.map((group) => (
            <Table.Tr key={group.name}>
              <Table.Td fw={600}>{group.name}</Table.Td>
              <Table.Td>{group.licenseName}</Table.Td>
              <Table.Td>
                {t('keys.counts', { issued: group.issued, used: group.used, sent: group.sent })}
                {group.revoked > 0 ? ` · ${t('keys.revokedCount', { count: group.revoked })}` : ''}
              </Table.Td>
              <Table.Td>{formatDate(group.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} aria-hidden />}
                    aria-label={t('keys.downloadNamed', { name: group.name })}
                    onClick={() => {
                      setDownloadError(null);
                      downloadKeyGroup(group.name).catch(setDownloadError);
                    }}
                  >
                    {t('keys.download')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconMail size={14} aria-hidden />}
                    aria-label={t('keys.sendNamed', { name: group.name })}
                    onClick={() => setSending(group)}
                  >
                    {t('keys.send')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('keys.revokeNamed', { name: group.name })}
                    onClick={() => setRevoking(group)}
                  >
                    {t('keys.revoke')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmModal
        opened={revoking !== null}
        title={t('keys.revokeTitle')}
        body={t('keys.revokeBody', { name: revoking?.name ?? '' })}
        confirmLabel={t('keys.revoke')}
        loading={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke
            .mutateAsync(revoking.name)
            .then((result) => toast.show(t('keys.revoked', { count: result.revoked })), setDownloadError)
            .finally(() => setRevoking(null))
        }
        onClose={() => setRevoking(null)}
      />
      <Modal opened={making} onClose={() => setMaking(false)} title={t('keys.make')} centered>
        {making && <MakeKeysForm plans={plans} onDone={() => setMaking(false)} />}
      </Modal>
      <Modal
        opened={sending !== null}
        onClose={() => setSending(null)}
        title={t('keys.send')}
        centered
        size="lg"
      >
        {sending && <SendKeysForm group={sending} onDone={() => setSending(null)} />}
      </Modal>
    </Card>
  );
}
