import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { sendVerificationSchema, verifyCodeSchema } from '@ssaem/contracts/users';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useSendVerification, useVerifyCode, type VerificationPurpose } from '../signup-api';
import { formatCountdown, useCountdown } from '../use-countdown';

interface EmailVerificationProps {
  purpose: VerificationPurpose;
  email: string;
  onEmailChange: (email: string) => void;
  /** The e-mail and a token proving it, or null when the address changes again. */
  onVerified: (verification: { email: string; token: string } | null) => void;
  verified: boolean;
  emailError?: string | undefined;
  /** Props for the e-mail input (react-hook-form's register), when the e-mail is a form field. */
  emailInputProps?: Record<string, unknown>;
}

/** E-mail, "send code", the 6-digit code with a 10-minute countdown, resend and verify. */
export function EmailVerification({
  purpose,
  email,
  onEmailChange,
  onVerified,
  verified,
  emailError,
  emailInputProps,
}: EmailVerificationProps) {
  const { t } = useTranslation('signup');
  const { t: tc } = useTranslation();
  const send = useSendVerification();
  const verify = useVerifyCode();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const secondsLeft = useCountdown(deadline);

  const handleSend = async () => {
    const parsed = sendVerificationSchema.safeParse({ email, purpose });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: t('email.invalid') });
      return;
    }
    try {
      const sent = await send.mutateAsync({ email: parsed.data.email, purpose });
      setDeadline(Date.now() + sent.expiresInSeconds * 1000);
      setCode('');
      setMessage({ tone: 'info', text: t('email.sent') });
    } catch (error) {
      setMessage({ tone: 'error', text: apiErrorMessage(error, tc) });
    }
  };

  const handleVerify = async () => {
    const parsed = verifyCodeSchema.safeParse({ email, purpose, code });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: t('email.codeFormat') });
      return;
    }
    try {
      const result = await verify.mutateAsync({ email, purpose, code: parsed.data.code });
      onVerified({ email, token: result.verificationToken });
      setDeadline(null);
      setMessage({ tone: 'info', text: t('email.verified') });
    } catch (error) {
      const text =
        isApiError(error) && error.code === 'E_VERIFICATION_001'
          ? t('email.wrongCode')
          : apiErrorMessage(error, tc);
      setMessage({ tone: 'error', text });
    }
  };

  const handleChangeEmail = () => {
    onVerified(null);
    setDeadline(null);
    setMessage(null);
  };

  const codeSent = deadline !== null;
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('email.label')}
          type="email"
          autoComplete="email"
          {...emailInputProps}
          value={email}
          onChange={(event) => onEmailChange(event.currentTarget.value)}
          readOnly={verified}
          error={emailError}
          style={{ flex: '1 1 16rem' }}
        />
        {verified ? (
          <Button variant="default" onClick={handleChangeEmail}>
            {t('email.change')}
          </Button>
        ) : (
          <Button variant="light" onClick={() => void handleSend()} loading={send.isPending}>
            {codeSent ? t('email.resend') : t('email.send')}
          </Button>
        )}
      </Group>
      {codeSent && !verified && (
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('email.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
            description={
              secondsLeft > 0
                ? t('email.expiresIn', { time: formatCountdown(secondsLeft) })
                : t('email.expired')
            }
            style={{ flex: '0 1 12rem' }}
          />
          <Button onClick={() => void handleVerify()} loading={verify.isPending} disabled={secondsLeft === 0}>
            {t('email.verify')}
          </Button>
        </Group>
      )}
      {message && (
        <Text
          size="sm"
          c={message.tone === 'error' ? 'red' : 'sage.8'}
          role={message.tone === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
