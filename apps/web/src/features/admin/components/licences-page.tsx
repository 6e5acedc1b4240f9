import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type LicensePlan, type LicensePlanCreate, licensePlanCreateSchema } from '@ssaem/contracts/licenses';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { apiFieldErrors, fieldErrorsOf } from '../../../lib/field-errors';
import { numberFormat } from '../../../lib/format';
import { useLicencePlans, useSaveLicencePlan, useSetLicencePlanUse } from '../api';
import { DataTable } from './admin-ui';
import { LicenceKeyGroups } from './licence-key-groups';

type Draft = {
  name: string;
  description: string;
  periodDays: number | string;
  tokenLimit: number | string;
  trial: boolean;
};

const EMPTY: Draft = { name: '', description: '', periodDays: 365, tokenLimit: 0, trial: false };

function draftOf(plan: LicensePlan): Draft {
  return {
    name: plan.name,
    description: plan.description ?? '',
    periodDays: plan.periodDays,
    tokenLimit: plan.tokenLimit,
    trial: plan.trial,
  };
}

/** Field problems by field, from the shared schema first and the server's answer after. */
type FieldErrors = Partial<Record<keyof Draft, string>>;

function PlanForm({ plan, onDone }: { plan: LicensePlan | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSaveLicencePlan();
  const [draft, setDraft] = useState<Draft>(plan ? draftOf(plan) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = licensePlanCreateSchema.safeParse({
      name: draft.name,
      description: draft.description.trim() === '' ? null : draft.description,
      periodDays: Number(draft.periodDays),
      tokenLimit: Number(draft.tokenLimit),
      trial: draft.trial,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues) as FieldErrors);
      return;
    }
    setErrors({});
    const body: LicensePlanCreate = parsed.data;
    save.mutate(
      { id: plan?.id, body },
      {
        onSuccess: (saved) => {
          toast.show(
            plan ? t('licences.updated', { name: saved.name }) : t('licences.created', { name: saved.name }),
          );
          onDone();
        },
        onError: (error) => {
          const fromServer = apiFieldErrors(error);
          if (fromServer) setErrors(fromServer as FieldErrors);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={plan ? t('licences.edit') : t('licences.add')}>
      <Stack gap="sm">
        {save.error && !(isApiError(save.error) && save.error.details.length) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, tc)}
          </Alert>
        )}
        <TextInput
          label={t('licences.fields.name')}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={60}
          required
          data-autofocus
        />
        <Textarea
          label={t('licences.fields.description')}
          value={draft.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          maxLength={500}
          rows={2}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('licences.fields.periodDays')}
            value={draft.periodDays}
            onChange={(value) => set('periodDays', value)}
            error={errors.periodDays}
            min={1}
            max={3650}
            suffix={t('licences.daysSuffix')}
            required
          />
          <NumberInput
            label={t('licences.fields.tokenLimit')}
            description={t('licences.fields.tokenLimitHint')}
            value={draft.tokenLimit}
            onChange={(value) => set('tokenLimit', value)}
            error={errors.tokenLimit}
            min={0}
            thousandSeparator=","
          />
        </Group>
        <Checkbox
          label={t('licences.fields.trial')}
          description={t('licences.fields.trialHint')}
          checked={draft.trial}
          onChange={(e) => set('trial', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PlanRow({ plan, onEdit }: { plan: LicensePlan; onEdit: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const toast = useToast();
  const setUse = useSetLicencePlanUse();
  const number = numberFormat(i18n.language);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {plan.name}
          </Text>
          {plan.trial && (
            <Badge variant="light" color="sage">
              {t('licences.trialBadge')}
            </Badge>
          )}
        </Group>
        {plan.description && (
          <Text size="xs" c="dimmed">
            {plan.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{t('licences.days', { count: plan.periodDays })}</Table.Td>
      <Table.Td>{plan.tokenLimit === 0 ? t('licences.unlimited') : number.format(plan.tokenLimit)}</Table.Td>
      <Table.Td>
        {number.format(plan.keysUsed)} / {number.format(plan.keysIssued)}
      </Table.Td>
      <Table.Td>{number.format(plan.activeUsers)}</Table.Td>
      <Table.Td>
        <Switch
          checked={plan.useYn === 'Y'}
          aria-label={t('licences.useLabel', { name: plan.name })}
          disabled={setUse.isPending}
          onChange={(e) => {
            const useYn = e.currentTarget.checked ? 'Y' : 'N';
            setUse.mutate(
              { id: plan.id, useYn },
              {
                onSuccess: () =>
                  toast.show(
                    t(useYn === 'Y' ? 'licences.enabled' : 'licences.disabled', { name: plan.name }),
                  ),
              },
            );
          }}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onEdit}
          aria-label={t('licences.editNamed', { name: plan.name })}
        >
          {t('licences.edit')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/licenses: the plans licence keys grant, and which one is the free trial (the super administrator). */
export function LicencesPage() {
  const { t } = useTranslation('admin');
  const plans = useLicencePlans();
  const [editing, setEditing] = useState<LicensePlan | 'new' | null>(null);
  const list = plans.data?.items ?? [];
  return (
    <Stack gap="lg" maw={1080}>
      <title>{t('licences.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('licences.title')}</Title>
          <Text c="dimmed">{t('licences.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('licences.add')}
        </Button>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        {plans.isPending ? (
          <Skeleton h={160} />
        ) : plans.isError ? (
          <Alert color="red" role="alert">
            {t('common.loadFailed')}
          </Alert>
        ) : (
          <DataTable
            label={t('licences.title')}
            isEmpty={list.length === 0}
            empty={t('licences.empty')}
            minWidth={820}
            head={
              <Table.Tr>
                <Table.Th>{t('licences.columns.name')}</Table.Th>
                <Table.Th>{t('licences.columns.period')}</Table.Th>
                <Table.Th>{t('licences.columns.tokens')}</Table.Th>
                <Table.Th>{t('licences.columns.keys')}</Table.Th>
                <Table.Th>{t('licences.columns.holders')}</Table.Th>
                <Table.Th>{t('licences.columns.use')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            }
          >
            {list.map((plan) => (
              <PlanRow key={plan.id} plan={plan} onEdit={() => setEditing(plan)} />
            ))}
          </DataTable>
        )}
      </Card>
      {plans.data && <LicenceKeyGroups plans={list} />}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('licences.add') : t('licences.edit')}
        centered
        size="lg"
      >
        {editing !== null && (
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
