import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { profileUpdateSchema, type UsersInfo } from '@ssaem/contracts/users';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateProfile } from '../api';

type ProfileInput = z.input<typeof profileUpdateSchema>;
type ProfileOutput = z.output<typeof profileUpdateSchema>;
type Field = 'name' | 'nickName' | 'mobile' | 'title' | 'profile';

// An emptied optional field is sent as null (cleared), never as "" (which the schema refuses for mobile).
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

function defaults(info: UsersInfo): ProfileInput {
  return {
    name: info.userInfo.name,
    nickName: info.userInfo.nickName,
    mobile: info.userInfo.mobile,
    title: info.userInfo.title,
    profile: info.userInfo.profile,
    assignedGrade: info.schoolInfo?.assignedGrade ?? null,
  };
}

/** Edits the profile through PUT users/info, validated by the server's own schema. */
export function ProfileForm({ info }: { info: UsersInfo }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: defaults(info),
  });
  const { errors } = form.formState;
  const errorOf = (field: Field) => (errors[field] ? t(`profile.errors.${field}`) : undefined);
  const grades = (info.schoolInfo?.grades ?? []).map((grade) => ({
    value: String(grade.codeSeq),
    label: grade.name,
  }));

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset(defaults(saved));
      toast.show(t('profile.saved'));
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, tc) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-edit-title">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput {...form.register('name')} label={t('profile.fields.name')} error={errorOf('name')} />
        <TextInput
          {...form.register('nickName', { setValueAs: emptyToNull })}
          label={t('profile.fields.nickName')}
          error={errorOf('nickName')}
        />
        <TextInput
          {...form.register('mobile', { setValueAs: emptyToNull })}
          label={t('profile.fields.mobile')}
          placeholder="010-1234-5678"
          inputMode="tel"
          error={errorOf('mobile')}
        />
        <TextInput
          {...form.register('title', { setValueAs: emptyToNull })}
          label={t('profile.fields.title')}
          error={errorOf('title')}
        />
        {grades.length > 0 && (
          <Controller
            control={form.control}
            name="assignedGrade"
            render={({ field }) => (
              <Select
                label={t('profile.fields.assignedGrade')}
                data={grades}
                clearable
                value={field.value == null ? null : String(field.value)}
                onChange={(value) => field.onChange(value === null ? null : Number(value))}
                onBlur={field.onBlur}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
      </SimpleGrid>
      <GrowingTextarea
        {...form.register('profile', { setValueAs: emptyToNull })}
        label={t('profile.fields.profile')}
        minRows={2}
        mt="md"
        error={errorOf('profile')}
      />
      {errors.root?.message && (
        <p role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
          {errors.root.message}
        </p>
      )}
      <Group mt="md">
        <Button type="submit" loading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
          {t('profile.save')}
        </Button>
      </Group>
    </form>
  );
}
