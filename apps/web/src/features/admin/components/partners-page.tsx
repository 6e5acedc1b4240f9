import '@mantine/core/styles/Code.css';
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
  Code,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  PARTNER_ROLES,
  type PartnerProduct,
  type PartnerRole,
  partnerProductCreateSchema,
} from '@ssaem/contracts/partners';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { apiFieldErrors, fieldErrorsOf } from '../../../lib/field-errors';
import { usePartnerProducts, useSavePartnerProduct, useSetPartnerProductEnabled } from '../api';
import { ConfirmModal, DataTable } from './admin-ui';

type Draft = {
  productKey: string;
  name: string;
  clientId: string;
  redirectUris: string;
  allowedRoles: PartnerRole[];
  jwks: string;
  enabled: boolean;
};
type Field = keyof Draft;
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY: Draft = {
  productKey: '',
  name: '',
  clientId: '',
  redirectUris: '',
  allowedRoles: ['ROLE_TEACHER'],
  jwks: '',
  enabled: true,
};

function draftOf(product: PartnerProduct): Draft {
  return {
    productKey: product.productKey,
    name: product.name,
    clientId: product.clientId,
    redirectUris: product.redirectUris.join('\n'),
    allowedRoles: product.allowedRoles,
    jwks: JSON.stringify(product.jwks, null, 2),
    enabled: product.enabled,
  };
}

/** A pasted key: a JWK Set as it is, a single JWK wrapped in one; undefined when it is not JSON. */
function parseKeys(text: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value) && !('keys' in value))
      return { keys: [value] };
    return value;
  } catch {
    return undefined;
  }
}

function ProductForm({ product, onDone }: { product: PartnerProduct | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSavePartnerProduct();
  const [draft, setDraft] = useState<Draft>(product ? draftOf(product) : EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends Field>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const editing = product !== null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const jwks = parseKeys(draft.jwks);
    const parsed = partnerProductCreateSchema.safeParse({
      productKey: draft.productKey,
      name: draft.name,
      clientId: draft.clientId,
      redirectUris: draft.redirectUris
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      allowedRoles: draft.allowedRoles,
      jwks,
      enabled: draft.enabled,
    });
    if (!parsed.success) {
      // The shared schema says which fields are wrong; the words are the screen's, in its language.
      const wrong = Object.keys(fieldErrorsOf(parsed.error.issues)) as Field[];
      setErrors(
        Object.fromEntries(
          wrong.map((field) => [
            field,
            t(
              field === 'jwks' && jwks === undefined
                ? 'partners.errors.jwksJson'
                : `partners.errors.${field}`,
            ),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    // A change sends the immutable fields back as they are; the server refuses any other value.
    const { enabled: _enabled, ...changes } = parsed.data;
    save.mutate(
      { id: product?.id, body: editing ? changes : parsed.data },
      {
        onSuccess: (saved) => {
          toast.show(t(editing ? 'partners.updated' : 'partners.created', { name: saved.name }));
          onDone();
        },
        onError: (error) => {
          const fromServer = apiFieldErrors(error);
          if (fromServer) setErrors(fromServer as FieldErrors);
        },
      },
    );
  };

  const loginPath = `/api/auth/${draft.productKey || '{key}'}-login`;
  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t('partners.editTitle') : t('partners.add')}>
      <Stack gap="sm">
        {save.error && !(isApiError(save.error) && save.error.details.length) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, tc)}
          </Alert>
        )}
        <TextInput
          label={t('partners.fields.name')}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={80}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('partners.fields.productKey')}
            description={t('partners.fields.productKeyHint', { path: loginPath })}
            value={draft.productKey}
            onChange={(e) => set('productKey', e.currentTarget.value.toLowerCase())}
            error={errors.productKey}
            disabled={editing}
            maxLength={40}
            required
          />
          <TextInput
            label={t('partners.fields.clientId')}
            description={t('partners.fields.clientIdHint')}
            value={draft.clientId}
            onChange={(e) => set('clientId', e.currentTarget.value)}
            error={errors.clientId}
            disabled={editing}
            maxLength={100}
            required
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('partners.fields.allowedRoles')}
          value={draft.allowedRoles}
          onChange={(value) => set('allowedRoles', value as PartnerRole[])}
          error={errors.allowedRoles}
          withAsterisk
        >
          <Group gap="md" mt={4}>
            {PARTNER_ROLES.map((role) => (
              <Checkbox key={role} value={role} label={t(`partners.roles.${role}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label={t('partners.fields.redirectUris')}
          description={t('partners.fields.redirectUrisHint')}
          value={draft.redirectUris}
          onChange={(e) => set('redirectUris', e.currentTarget.value)}
          error={errors.redirectUris}
          rows={3}
          placeholder="https://partner.example/ssaem/return"
        />
        <Textarea
          label={t('partners.fields.jwks')}
          description={t('partners.fields.jwksHint')}
          value={draft.jwks}
          onChange={(e) => set('jwks', e.currentTarget.value)}
          error={errors.jwks}
          rows={6}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          placeholder='{"kty":"EC","crv":"P-256","x":"…","y":"…","kid":"2026-01","alg":"ES256"}'
        />
        {!editing && (
          <Checkbox
            label={t('partners.fields.enabled')}
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
          />
        )}
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

function ProductRow({
  product,
  onEdit,
  onDisable,
}: {
  product: PartnerProduct;
  onEdit: () => void;
  onDisable: () => void;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const setEnabled = useSetPartnerProductEnabled();
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {product.name}
        </Text>
        <Text size="xs" c="dimmed">
          {product.productKey}
        </Text>
      </Table.Td>
      <Table.Td>
        <Code>{product.clientId}</Code>
      </Table.Td>
      <Table.Td>
        <Code>POST {product.loginPath}</Code>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {product.allowedRoles.map((role) => (
            <Badge key={role} variant="light">
              {t(`partners.roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{t('partners.keyCount', { count: product.jwks.keys.length })}</Table.Td>
      <Table.Td>
        <Switch
          checked={product.enabled}
          aria-label={t('partners.enabledLabel', { name: product.name })}
          disabled={setEnabled.isPending}
          onChange={(e) => {
            // Switching off refuses the product's sign-ins at once: it asks first.
            if (!e.currentTarget.checked) return onDisable();
            setEnabled.mutate(
              { id: product.id, enabled: true },
              { onSuccess: () => toast.show(t('partners.enabled', { name: product.name })) },
            );
          }}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onEdit}
          aria-label={t('partners.editNamed', { name: product.name })}
        >
          {t('partners.edit')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/partners: the partner products that may sign their users in by token exchange (the super administrator). */
export function PartnersPage() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const products = usePartnerProducts();
  const setEnabled = useSetPartnerProductEnabled();
  const [editing, setEditing] = useState<PartnerProduct | 'new' | null>(null);
  const [disabling, setDisabling] = useState<PartnerProduct | null>(null);
  const list = products.data?.items ?? [];
  return (
    <Stack gap="lg" maw={1180}>
      <title>{t('partners.meta')}</title>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('partners.title')}</Title>
          <Text c="dimmed">{t('partners.lead')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('partners.add')}
        </Button>
      </Group>
      <Card withBorder radius="lg" padding="lg">
        {products.isPending ? (
          <Skeleton h={160} />
        ) : products.isError ? (
          <Alert color="red" role="alert">
            {t('common.loadFailed')}
          </Alert>
        ) : (
          <DataTable
            label={t('partners.title')}
            isEmpty={list.length === 0}
            empty={t('partners.empty')}
            minWidth={980}
            head={
              <Table.Tr>
                <Table.Th>{t('partners.columns.name')}</Table.Th>
                <Table.Th>{t('partners.columns.clientId')}</Table.Th>
                <Table.Th>{t('partners.columns.loginPath')}</Table.Th>
                <Table.Th>{t('partners.columns.roles')}</Table.Th>
                <Table.Th>{t('partners.columns.keys')}</Table.Th>
                <Table.Th>{t('partners.columns.enabled')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            }
          >
            {list.map((product) => (
              <ProductRow
                key={product.id}
                product={product}
                onEdit={() => setEditing(product)}
                onDisable={() => setDisabling(product)}
              />
            ))}
          </DataTable>
        )}
      </Card>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('partners.add') : t('partners.editTitle')}
        centered
        size="lg"
      >
        {editing !== null && (
          <ProductForm
            key={editing === 'new' ? 'new' : editing.id}
            product={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={disabling !== null}
        title={t('partners.confirmDisable.title', { name: disabling?.name ?? '' })}
        body={t('partners.confirmDisable.body')}
        confirmLabel={t('partners.confirmDisable.confirm')}
        loading={setEnabled.isPending}
        onClose={() => setDisabling(null)}
        onConfirm={() => {
          if (!disabling) return;
          const { id, name } = disabling;
          setEnabled.mutate(
            { id, enabled: false },
            {
              onSuccess: () => {
                toast.show(t('partners.disabled', { name }));
                setDisabling(null);
              },
            },
          );
        }}
      />
    </Stack>
  );
}
