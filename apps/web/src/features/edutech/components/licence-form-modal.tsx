import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '../../../components/form-styles';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  type EdutechLicence,
  edutechLicenceInputSchema,
  edutechLicenceUpdateSchema,
} from '@ssaem/contracts/edutech';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { formatDate } from '../../../lib/format';
import { useSaveLicence } from '../api';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A catalogue product to register ("linked"); a product by hand when absent. */
  product?: { id: number; name: string } | undefined;
  /** The licence being updated. */
  licence?: EdutechLicence | undefined;
  onSaved?: (licence: EdutechLicence) => void;
}

const todayInKorea = () =>
  formatDate(new Date(), 'en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });

/** Registers a licence in use (a catalogue product or one by hand: name, site, period) or updates one. */
export function LicenceFormModal({ opened, onClose, product, licence, onSaved }: Props) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const save = useSaveLicence();
  const manual = licence ? !licence.linked : !product;
  const [name, setName] = useState(licence?.name ?? '');
  const [siteUrl, setSiteUrl] = useState(licence?.siteUrl ?? '');
  const [startOn, setStartOn] = useState(licence?.startOn ?? todayInKorea());
  const [endOn, setEndOn] = useState(licence?.endOn ?? '');
  const [unlimited, setUnlimited] = useState(licence ? licence.endOn === null : false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      ...(product && !licence ? { productId: product.id } : {}),
      ...(manual ? { name: name.trim(), ...(siteUrl.trim() ? { siteUrl: siteUrl.trim() } : {}) } : {}),
      startOn,
      endOn: unlimited ? null : endOn || null,
    };
    // The same schema the server checks, so both refuse the same input.
    const parsed = (licence ? edutechLicenceUpdateSchema : edutechLicenceInputSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    if (!unlimited && !endOn) {
      setErrors({ endOn: t('licenceForm.endRequired') });
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ ...(licence ? { id: licence.id } : {}), body: parsed.data });
      onSaved?.(saved);
      onClose();
    } catch (caught) {
      setFailure(apiErrorMessage(caught, tc));
    }
  };

  const title = licence
    ? t('licenceForm.editTitle')
    : product
      ? t('licenceForm.registerTitle')
      : t('licenceForm.manualTitle');
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          {product && !licence && (
            <Text fw={600} aria-label={t('licenceForm.product')}>
              {product.name}
            </Text>
          )}
          {manual && (
            <>
              <TextInput
                label={t('licenceForm.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errors.name}
                maxLength={100}
                required
              />
              <TextInput
                label={t('licenceForm.site')}
                placeholder="https://"
                value={siteUrl}
                onChange={(e) => setSiteUrl(e.currentTarget.value)}
                error={errors.siteUrl}
                type="url"
              />
            </>
          )}
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label={t('licenceForm.startOn')}
              value={startOn}
              onChange={(e) => setStartOn(e.currentTarget.value)}
              error={errors.startOn}
              required
            />
            <TextInput
              type="date"
              label={t('licenceForm.endOn')}
              value={unlimited ? '' : endOn}
              onChange={(e) => setEndOn(e.currentTarget.value)}
              error={errors.endOn}
              disabled={unlimited}
            />
          </Group>
          <Checkbox
            label={t('licenceForm.unlimited')}
            checked={unlimited}
            onChange={(e) => setUnlimited(e.currentTarget.checked)}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {licence ? t('actions.save') : t('actions.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
