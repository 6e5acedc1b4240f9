import '@mantine/core/styles/ActionIcon.css';
import '../../components/form-styles';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { signupSchema, usernameSchema } from '@ssaem/contracts/users';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { startSignIn } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { EmailVerification } from './components/email-verification';
import { type PickedSchool, SchoolPicker } from './components/school-picker';
import { checkUsername, type SignupResult, useInvitation, useSignup } from './signup-api';

type SignupFormInput = z.input<typeof signupSchema>;
type SignupFormOutput = z.output<typeof signupSchema>;
type TextField = 'username' | 'password' | 'name' | 'email' | 'mobile';

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

function SignupDone({ username, membership }: SignupResult) {
  const { t } = useTranslation('signup');
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack gap="md" align="flex-start">
        <Title order={2}>{t('done.title')}</Title>
        <Text>{t('done.body', { username })}</Text>
        {membership === 'PENDING' ? <Text c="dimmed">{t('done.pending')}</Text> : null}
        <Button size="md" onClick={() => void startSignIn('default')}>
          {t('done.signIn')}
        </Button>
      </Stack>
    </Card>
  );
}

type UsernameState = { value: string; status: 'available' | 'taken' | 'invalid' } | null;

/** /signup: school, verified e-mail, user name, password and name (core.md §2). */
export function SignupPage() {
  const { t } = useTranslation('signup');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const inviteToken = params.get('token');
  const invitation = useInvitation(inviteToken);
  const signup = useSignup();
  const [school, setSchool] = useState<PickedSchool | null>(null);
  const [verifiedEmail, setVerifiedEmail] = useState<string | null>(null);
  const [usernameState, setUsernameState] = useState<UsernameState>(null);
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [created, setCreated] = useState<SignupResult | null>(null);

  const form = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { username: '', password: '', name: '', email: '', verificationToken: '' },
  });
  const { errors } = form.formState;
  const email = form.watch('email');
  const username = form.watch('username');

  // An invitation link fills in the e-mail and fixes the school.
  useEffect(() => {
    if (!invitation.data || !inviteToken) return;
    form.setValue('email', invitation.data.email);
    form.setValue('schoolId', invitation.data.schoolId);
    form.setValue('inviteToken', inviteToken);
    setSchool({ id: invitation.data.schoolId, name: invitation.data.schoolName });
  }, [invitation.data, inviteToken, form]);

  const errorOf = (field: TextField) => (errors[field] ? t(`errors.${field}`) : undefined);

  const handleCheckUsername = async () => {
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setUsernameState({ value: username, status: 'invalid' });
      return;
    }
    try {
      const { exists } = await checkUsername(parsed.data);
      setUsernameState({ value: username, status: exists ? 'taken' : 'available' });
    } catch (error) {
      form.setError('username', { type: 'server', message: apiErrorMessage(error, tc) });
    }
  };

  const handleSubmit = form.handleSubmit(async (values) => {
    if (values.password !== passwordConfirm) return;
    try {
      const created = await signup.mutateAsync(values);
      setCreated(created);
    } catch (error) {
      if (isApiError(error) && error.code === 'E_CONFLICT_001') {
        setUsernameState({ value: values.username, status: 'taken' });
      } else {
        form.setError('root', { message: apiErrorMessage(error, tc) });
      }
    }
  });

  const usernameHint = usernameState?.value === username ? usernameState.status : null;
  const confirmError =
    form.formState.isSubmitted && passwordConfirm !== form.getValues('password')
      ? t('errors.passwordConfirm')
      : undefined;

  return (
    <Container size="sm" py={48}>
      <title>{t('meta')}</title>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed" mt="xs">
            {t('lead')}
          </Text>
        </div>
        {created ? (
          <SignupDone {...created} />
        ) : (
          <form onSubmit={handleSubmit} noValidate aria-label={t('title')}>
            <Stack gap="xl">
              {inviteToken && invitation.isError && (
                <Alert color="red" variant="light" role="alert">
                  {t('invitation.invalid')}
                </Alert>
              )}
              {invitation.data && (
                <Alert color="sage" variant="light">
                  {t('invitation.notice', { school: invitation.data.schoolName })}
                </Alert>
              )}
              <section aria-labelledby="signup-school">
                <Title order={2} fz="h4" id="signup-school" mb="xs">
                  {t('school.title')}
                </Title>
                <SchoolPicker
                  value={school}
                  locked={Boolean(invitation.data)}
                  onChange={(picked) => {
                    setSchool(picked);
                    form.setValue('schoolId', picked.id, { shouldValidate: form.formState.isSubmitted });
                  }}
                  error={errors.schoolId ? t('errors.schoolId') : undefined}
                />
              </section>
              <section aria-labelledby="signup-email">
                <Title order={2} fz="h4" id="signup-email" mb="xs">
                  {t('email.title')}
                </Title>
                <EmailVerification
                  purpose="SIGNUP"
                  email={email}
                  onEmailChange={(value) =>
                    form.setValue('email', value, { shouldValidate: form.formState.isSubmitted })
                  }
                  verified={verifiedEmail !== null && verifiedEmail === email}
                  onVerified={(verification) => {
                    setVerifiedEmail(verification?.email ?? null);
                    form.setValue('verificationToken', verification?.token ?? '', {
                      shouldValidate: form.formState.isSubmitted,
                    });
                  }}
                  emailError={
                    errorOf('email') ?? (errors.verificationToken ? t('errors.verificationToken') : undefined)
                  }
                />
              </section>
              <section aria-labelledby="signup-account">
                <Title order={2} fz="h4" id="signup-account" mb="xs">
                  {t('account.title')}
                </Title>
                <Stack gap="sm">
                  <Group align="flex-start" gap="sm">
                    <TextInput
                      {...form.register('username')}
                      label={t('account.username')}
                      description={t('account.usernameRule')}
                      autoComplete="username"
                      error={
                        errorOf('username') ??
                        (usernameHint === 'taken'
                          ? t('account.usernameTaken')
                          : usernameHint === 'invalid'
                            ? t('errors.username')
                            : undefined)
                      }
                      style={{ flex: '1 1 14rem' }}
                    />
                    <Button variant="light" mt={46} onClick={() => void handleCheckUsername()}>
                      {t('account.check')}
                    </Button>
                  </Group>
                  {usernameHint === 'available' && (
                    <Text size="sm" c="sage.8" role="status">
                      {t('account.usernameAvailable')}
                    </Text>
                  )}
                  <PasswordInput
                    {...form.register('password')}
                    label={t('account.password')}
                    description={t('account.passwordRule')}
                    autoComplete="new-password"
                    error={errorOf('password')}
                  />
                  <PasswordInput
                    label={t('account.passwordConfirm')}
                    autoComplete="new-password"
                    value={passwordConfirm}
                    onChange={(event) => setPasswordConfirm(event.currentTarget.value)}
                    error={confirmError}
                  />
                  <TextInput
                    {...form.register('name')}
                    label={t('account.name')}
                    autoComplete="name"
                    error={errorOf('name')}
                  />
                  <TextInput
                    {...form.register('mobile', { setValueAs: emptyToUndefined })}
                    label={t('account.mobile')}
                    placeholder="010-1234-5678"
                    inputMode="tel"
                    autoComplete="tel"
                    error={errorOf('mobile')}
                  />
                </Stack>
              </section>
              {errors.root?.message && (
                <Alert color="red" variant="light" role="alert">
                  {errors.root.message}
                </Alert>
              )}
              <Group justify="space-between">
                <Anchor component={Link} to="/find-id" size="sm">
                  {t('findIdLink')}
                </Anchor>
                <Button type="submit" size="md" loading={form.formState.isSubmitting}>
                  {t('submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
