import { Button, Group, TextInput } from '@mantine/core';
import { registerLicenseKeySchema, type UserLicense } from '@ssaem/contracts/licenses';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { zodResolver } from '../../../lib/zod-resolver';
import { useRegisterLicence } from '../api';

type KeyInput = z.input<typeof registerLicenseKeySchema>;
type KeyOutput = z.output<typeof registerLicenseKeySchema>;

/** Registers a licence key (XXXX-XXXX-XXXX-XXXX); the server's schema checks the form too. */
export function LicenceKeyForm({ onRegistered }: { onRegistered?: (licence: UserLicense) => void }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const register = useRegisterLicence();
  const form = useForm<KeyInput, unknown, KeyOutput>({
    resolver: zodResolver(registerLicenseKeySchema),
    defaultValues: { licenseKey: '' },
  });

  const handleSubmit = form.handleSubmit(async ({ licenseKey }) => {
    try {
      const licence = await register.mutateAsync(licenseKey);
      form.reset();
      onRegistered?.(licence);
    } catch (error) {
      const message =
        isApiError(error) && error.status === 404 ? t('licence.keyNotFound') : apiErrorMessage(error, tc);
      form.setError('licenseKey', { type: 'server', message });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('licence.registerTitle')}>
      <Group align="flex-start" gap="sm">
        <TextInput
          {...form.register('licenseKey')}
          label={t('licence.keyLabel')}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          autoComplete="off"
          error={
            form.formState.errors.licenseKey &&
            (form.formState.errors.licenseKey.type === 'server'
              ? form.formState.errors.licenseKey.message
              : t('licence.keyFormat'))
          }
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" mt={25} loading={form.formState.isSubmitting}>
          {t('licence.register')}
        </Button>
      </Group>
      {register.isSuccess && (
        <p role="status" style={{ margin: '0.5rem 0 0' }}>
          {t('licence.registered')}
        </p>
      )}
    </form>
  );
}
