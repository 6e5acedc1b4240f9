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
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

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
        <Title order={2}>{t('form.title')}</Title>
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
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {t('form.school')}
          </Text>
          <SchoolPicker value={school} onChange={setSchool} error={errors.schoolId} />
        </Stack>
        <TextInput
          label={t('form.email')}
          type="email"
          value={draft.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
          required
        />
        <TextInput
          label={t('form.phone')}
          type="tel"
          value={draft.phone}
          onChange={(e) => set('phone', e.currentTarget.value)}
          error={errors.phone}
          autoComplete="tel"
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
