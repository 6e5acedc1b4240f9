import '../../components/form-styles';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Checkbox, List, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  EVENT_MAX_ATTENDEES,
  EVENT_REGISTRATION_RETENTION_DAYS,
  type EventRegistrationInput,
  type EventSlug,
  eventRegistrationSchema,
} from '@ssaem/contracts/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { apiFieldErrors, fieldErrorsOf } from '../../lib/field-errors';
import { type PickedSchool, SchoolPicker } from '../auth/components/school-picker';
import { EmailPhoneFields } from '../public-site/components/email-phone-fields';
import { formatKoreanDate, useRegister } from './events-api';

type Draft = { name: string; email: string; phone: string; attendees: number; consent: boolean };
const EMPTY: Draft = { name: '', email: '', phone: '', attendees: 1, consent: false };

/** The registration form: name, school from the school search, contact, attendees, and the consent. */
export function EventRegistrationForm({ slug }: { slug: EventSlug }) {
  const { t, i18n } = useTranslation('events');
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [school, setSchool] = useState<PickedSchool | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const register = useRegister(slug);
  // A field's message goes once the field changes, so a ticked consent no longer says it is missing.
  const clearError = (key: string) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => name !== key)));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    clearError(key);
  };

  if (register.isSuccess) {
    return (
      <Alert color="sage" role="status">
        {t('form.done', {
          id: register.data.id,
          email: register.variables.email,
          deleteAfter: formatKoreanDate(register.data.deleteAfter, i18n.language),
        })}
      </Alert>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = eventRegistrationSchema.safeParse({
      ...draft,
      schoolId: school?.id,
      phone: draft.phone.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    register.mutate(parsed.data satisfies EventRegistrationInput, {
      onError: (error) => {
        const fromServer = apiFieldErrors(error);
        if (fromServer) setErrors(fromServer);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('form.title')}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('form.title')}
        </Title>
        <Text c="dimmed">{t('form.lead')}</Text>
        {register.error && !(isApiError(register.error) && register.error.details.length) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(register.error, tc)}
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={50}
          autoComplete="name"
          required
        />
        <SchoolPicker
          value={school}
          onChange={(picked) => {
            setSchool(picked);
            clearError('schoolId');
          }}
          error={errors.schoolId}
        />
        <EmailPhoneFields
          labels={{ email: t('form.email'), phone: t('form.phone') }}
          value={draft}
          errors={errors}
          onChange={set}
        />
        <NumberInput
          label={t('form.attendees')}
          description={t('form.attendeesHint', { max: EVENT_MAX_ATTENDEES })}
          value={draft.attendees}
          onChange={(value) => set('attendees', typeof value === 'number' ? value : Number(value) || 1)}
          min={1}
          max={EVENT_MAX_ATTENDEES}
          allowDecimal={false}
          error={errors.attendees}
        />
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('form.consentTitle')}
          </Text>
          <List size="sm" c="dimmed" spacing={2}>
            <List.Item>{t('form.consentItems')}</List.Item>
            <List.Item>{t('form.consentPurpose')}</List.Item>
            <List.Item>{t('form.consentRetention', { days: EVENT_REGISTRATION_RETENTION_DAYS })}</List.Item>
            <List.Item>{t('form.consentRefuse')}</List.Item>
          </List>
          <Checkbox
            label={t('form.consent')}
            checked={draft.consent}
            onChange={(e) => set('consent', e.currentTarget.checked)}
            error={errors.consent}
          />
        </Stack>
        <Button type="submit" loading={register.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
