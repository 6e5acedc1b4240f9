import '../../components/form-styles';
import { Alert, Anchor, Button, Card, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { findIdSchema } from '@ssaem/contracts/users';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { apiErrorMessage } from '../../lib/api-error-message';
import { startSignIn } from '../../lib/session';
import { zodResolver } from '../../lib/zod-resolver';
import { EmailVerification } from './components/email-verification';
import { useFindId } from './signup-api';

type FindIdInput = z.input<typeof findIdSchema>;

/** /find-id: the user names registered to a verified e-mail, partly masked. */
export function FindIdPage() {
  const { t } = useTranslation('signup');
  const { t: tc } = useTranslation();
  const findId = useFindId();
  const [verified, setVerified] = useState(false);
  const form = useForm<FindIdInput>({
    resolver: zodResolver(findIdSchema),
    defaultValues: { email: '', verificationToken: '' },
  });
  const email = form.watch('email');

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      await findId.mutateAsync(values);
    } catch (error) {
      form.setError('root', { message: apiErrorMessage(error, tc) });
    }
  });

  return (
    <Container size="sm" py={48}>
      <title>{t('findId.meta')}</title>
      <Stack gap="lg">
        <Title order={1}>{t('findId.title')}</Title>
        <Text c="dimmed">{t('findId.lead')}</Text>
        {findId.data ? (
          <Card withBorder radius="lg" padding="xl">
            <Stack gap="sm" align="flex-start">
              {findId.data.usernames.length === 0 ? (
                <Text>{t('findId.none')}</Text>
              ) : (
                <>
                  <Text>{t('findId.found')}</Text>
                  <List>
                    {findId.data.usernames.map((name) => (
                      <List.Item key={name} translate="no">
                        {name}
                      </List.Item>
                    ))}
                  </List>
                </>
              )}
              <Button onClick={() => void startSignIn('default')}>{t('done.signIn')}</Button>
            </Stack>
          </Card>
        ) : (
          <form onSubmit={handleSubmit} noValidate aria-label={t('findId.title')}>
            <Stack gap="md">
              <EmailVerification
                purpose="FIND_ID"
                email={email}
                onEmailChange={(value) => form.setValue('email', value)}
                verified={verified}
                onVerified={(verification) => {
                  setVerified(verification !== null);
                  form.setValue('verificationToken', verification?.token ?? '');
                }}
                emailError={form.formState.errors.email ? t('errors.email') : undefined}
              />
              {form.formState.errors.verificationToken && (
                <Text size="sm" c="red" role="alert">
                  {t('errors.verificationToken')}
                </Text>
              )}
              {form.formState.errors.root?.message && (
                <Alert color="red" variant="light" role="alert">
                  {form.formState.errors.root.message}
                </Alert>
              )}
              <Group justify="space-between">
                <Anchor component={Link} to="/signup" size="sm">
                  {t('findId.toSignup')}
                </Anchor>
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('findId.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Container>
  );
}
