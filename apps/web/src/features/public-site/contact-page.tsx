import '../../components/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import {
  Alert,
  Button,
  Checkbox,
  Container,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { CONTACT_KINDS, type ContactInquiry, contactInquirySchema } from '@ssaem/contracts/contact';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { apiFieldErrors, fieldErrorsOf } from '../../lib/field-errors';
import { EmailPhoneFields } from './components/email-phone-fields';
import { PageHero } from './components/page-hero';

type Draft = Omit<ContactInquiry, 'consent' | 'phone'> & { phone: string; consent: boolean };
const EMPTY: Draft = {
  organization: '',
  name: '',
  email: '',
  phone: '',
  kind: 'PURCHASE',
  message: '',
  consent: false,
};

/** /contact (core.md §2 route name Contact): a school that wants to buy or ask; stored a year and mailed to the operators. */
export function ContactPage() {
  const { t } = useTranslation('about');
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (body: ContactInquiry) =>
      apiRequest<{ id: number }>('/api/v1/public/contact', { method: 'POST', body }),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = contactInquirySchema.safeParse({ ...draft, phone: draft.phone.trim() || undefined });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onError: (error) => {
        const fromServer = apiFieldErrors(error);
        if (fromServer) setErrors(fromServer);
      },
    });
  };

  return (
    <>
      <title>{t('contact.meta')}</title>
      <PageHero title={t('contact.title')} lead={t('contact.lead')} />
      <Container size="sm" pb="xl">
        {send.isSuccess ? (
          <Alert color="sage" role="status">
            {t('contact.sent', { id: send.data.id })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('contact.title')}>
            <Stack gap="sm">
              {send.error && !(isApiError(send.error) && send.error.details.length) && (
                <Alert color="red" role="alert">
                  {apiErrorMessage(send.error, tc)}
                </Alert>
              )}
              <TextInput
                label={t('contact.organization')}
                value={draft.organization}
                onChange={(e) => set('organization', e.currentTarget.value)}
                error={errors.organization}
                maxLength={100}
                required
              />
              <TextInput
                label={t('contact.name')}
                value={draft.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={errors.name}
                maxLength={50}
                autoComplete="name"
                required
              />
              <EmailPhoneFields
                labels={{ email: t('contact.email'), phone: t('contact.phone') }}
                value={draft}
                errors={errors}
                onChange={set}
              />
              <NativeSelect
                label={t('contact.kind')}
                value={draft.kind}
                onChange={(e) => set('kind', e.currentTarget.value as Draft['kind'])}
                data={CONTACT_KINDS.map((kind) => ({ value: kind, label: t(`contact.kinds.${kind}`) }))}
              />
              <Textarea
                label={t('contact.message')}
                value={draft.message}
                onChange={(e) => set('message', e.currentTarget.value)}
                error={errors.message}
                maxLength={2000}
                rows={6}
                required
              />
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('contact.consentTitle')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('contact.consentBody')}
                </Text>
                <Checkbox
                  label={t('contact.consent')}
                  checked={draft.consent}
                  onChange={(e) => set('consent', e.currentTarget.checked)}
                  error={errors.consent}
                />
              </Stack>
              <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('contact.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Container>
    </>
  );
}
