import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Chip.css';
import '../../../components/form-styles';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  FileButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  EDUTECH_CATEGORIES,
  EDUTECH_LEVELS,
  EDUTECH_PRICE_TYPES,
  type EdutechProductSummary,
  type EdutechVendor,
  edutechVendorInputSchema,
  edutechVendorProductInputSchema,
} from '@ssaem/contracts/edutech';
import { IconPhoto, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { RequireRoles } from '../../auth/require-roles';
import {
  useMyVendor,
  useProduct,
  useSaveVendor,
  useSaveVendorProduct,
  useUploadProductImage,
  useWithdrawProduct,
} from '../api';
import { ProductLogo } from './product-logo';

function CompanyForm({ vendor, onDone }: { vendor: EdutechVendor | null; onDone?: () => void }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const save = useSaveVendor();
  const [name, setName] = useState(vendor?.name ?? '');
  const [homepage, setHomepage] = useState(vendor?.homepage ?? '');
  const [description, setDescription] = useState(vendor?.description ?? '');
  const [contactEmail, setContactEmail] = useState(vendor?.contactEmail ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = edutechVendorInputSchema.safeParse({
      name,
      homepage: homepage.trim() || null,
      description,
      contactEmail: contactEmail.trim() || null,
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setErrors({});
    try {
      await save.mutateAsync({ create: !vendor, body: parsed.data });
      onDone?.();
    } catch {
      // shown below
    }
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('vendor.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <TextInput
          label={t('vendor.homepage')}
          placeholder="https://"
          value={homepage}
          onChange={(e) => setHomepage(e.currentTarget.value)}
          error={errors.homepage}
        />
        <TextInput
          label={t('vendor.email')}
          value={contactEmail}
          onChange={(e) => setContactEmail(e.currentTarget.value)}
          error={errors.contactEmail}
        />
        <GrowingTextarea
          label={t('vendor.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          minRows={3}
          required
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(save.error, tc)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {vendor ? t('actions.save') : t('vendor.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ProductForm({ product, onClose }: { product: EdutechProductSummary | null; onClose: () => void }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const save = useSaveVendorProduct();
  const [name, setName] = useState(product?.name ?? '');
  const [category, setCategory] = useState<string>(product?.category ?? 'CLASSWORK');
  const [levels, setLevels] = useState<string[]>(product?.levels ?? ['ELEMENTARY']);
  const [priceType, setPriceType] = useState<string>(product?.priceType ?? 'FREE');
  const [pricePolicy, setPricePolicy] = useState(product?.pricePolicy ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [siteUrl, setSiteUrl] = useState(product?.siteUrl ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = edutechVendorProductInputSchema.safeParse({
      name,
      category,
      levels,
      priceType,
      pricePolicy,
      description,
      siteUrl: siteUrl.trim(),
    });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues));
    setErrors({});
    try {
      await save.mutateAsync({ ...(product ? { id: product.id } : {}), body: parsed.data });
      onClose();
    } catch {
      // shown below
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={product ? t('vendor.editProduct') : t('vendor.newProduct')}
      centered
      size="lg"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('vendor.productName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
          />
          <Select
            label={t('vendor.category')}
            data={EDUTECH_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
            value={category}
            onChange={(value) => setCategory(value ?? 'CLASSWORK')}
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('vendor.levels')}
            </Text>
            <Chip.Group multiple value={levels} onChange={setLevels}>
              <Group gap={6}>
                {EDUTECH_LEVELS.map((level) => (
                  <Chip key={level} value={level} size="xs">
                    {t(`levels.${level}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.levels && (
              <Text size="xs" c="red">
                {errors.levels}
              </Text>
            )}
          </Stack>
          <Group grow align="flex-start">
            <Select
              label={t('vendor.priceType')}
              data={EDUTECH_PRICE_TYPES.map((value) => ({ value, label: t(`price.${value}`) }))}
              value={priceType}
              onChange={(value) => setPriceType(value ?? 'FREE')}
              allowDeselect={false}
            />
            <TextInput
              label={t('vendor.pricePolicy')}
              value={pricePolicy}
              onChange={(e) => setPricePolicy(e.currentTarget.value)}
              error={errors.pricePolicy}
              required
            />
          </Group>
          <TextInput
            label={t('vendor.site')}
            placeholder="https://"
            value={siteUrl}
            onChange={(e) => setSiteUrl(e.currentTarget.value)}
            error={errors.siteUrl}
            required
          />
          <GrowingTextarea
            label={t('vendor.productDescription')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            minRows={3}
            required
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {apiErrorMessage(save.error, tc)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {product ? t('actions.save') : t('vendor.submitForReview')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const STATUS_COLOR: Record<string, string> = {
  PENDING: 'orange',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
};

function VendorProduct({ product, onEdit }: { product: EdutechProductSummary; onEdit: () => void }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const detail = useProduct(product.id);
  const upload = useUploadProductImage();
  const withdraw = useWithdrawProduct();
  const status = detail.data?.reviewStatus ?? 'PENDING';
  const editable = detail.data?.abilities.edit ?? false;
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={product.name}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ProductLogo name={product.name} logoUrl={product.logoUrl} category={product.category} />
          <div style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/edutech/${product.id}`} fw={700} c="inherit">
              {product.name}
            </Anchor>
            <Group gap={6}>
              <Badge color={STATUS_COLOR[status]} variant="light">
                {t(`review.status.${status}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('vendor.counts', { likes: product.likeCount, inUse: product.inUseCount })}
              </Text>
            </Group>
          </div>
        </Group>
        {detail.data?.reviewNote && (
          <Text size="sm" c="dimmed">
            {t('vendor.reviewNote', { note: detail.data.reviewNote })}
          </Text>
        )}
        {editable && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              {t('actions.update')}
            </Button>
            {(['logo', 'screenshot'] as const).map((kind) => (
              <FileButton
                key={kind}
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(file) => file && upload.mutate({ id: product.id, kind, file })}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconPhoto size={14} aria-hidden />}
                  >
                    {t(`vendor.upload.${kind}`)}
                  </Button>
                )}
              </FileButton>
            ))}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={withdraw.isPending}
              onClick={() => withdraw.mutate(product.id)}
            >
              {t('vendor.withdraw')}
            </Button>
          </Group>
        )}
        {(upload.isError || withdraw.isError) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(upload.error ?? withdraw.error, tc)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Vendor() {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const vendor = useMyVendor();
  const [editingCompany, setEditingCompany] = useState(false);
  const [editing, setEditing] = useState<EdutechProductSummary | null | 'new'>(null);
  if (vendor.isPending) return <Skeleton h={240} radius="lg" aria-busy />;
  if (vendor.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(vendor.error, tc)}
      </Alert>
    );
  }
  const company = vendor.data;
  return (
    <Stack gap="lg">
      <title>{t('meta.vendor')}</title>
      <div>
        <Title order={1}>{t('vendor.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('vendor.intro')}
        </Text>
      </div>
      {!company ? (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('vendor.registerTitle')}
          </Title>
          <CompanyForm vendor={null} />
        </Card>
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg">
            {editingCompany ? (
              <CompanyForm vendor={company} onDone={() => setEditingCompany(false)} />
            ) : (
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={2} fz="h4">
                    {company.name}
                  </Title>
                  <Button size="xs" variant="default" onClick={() => setEditingCompany(true)}>
                    {t('actions.update')}
                  </Button>
                </Group>
                <Text size="sm">{company.description}</Text>
                {company.homepage && (
                  <Anchor href={company.homepage} target="_blank" rel="noopener noreferrer" size="sm">
                    {company.homepage}
                  </Anchor>
                )}
              </Stack>
            )}
          </Card>
          <Group justify="space-between">
            <Title order={2} fz="h4">
              {t('vendor.products')}
            </Title>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('vendor.newProduct')}
            </Button>
          </Group>
          {company.products.length === 0 ? (
            <Text c="dimmed">{t('vendor.noProducts')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {company.products.map((product) => (
                <VendorProduct key={product.id} product={product} onEdit={() => setEditing(product)} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
      {editing && (
        <ProductForm product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

/** /edutech/vendor (ROLE_PROVIDER): the company profile and its products. */
export function VendorPage() {
  return (
    <RequireRoles roles={['ROLE_PROVIDER']}>
      <Vendor />
    </RequireRoles>
  );
}
