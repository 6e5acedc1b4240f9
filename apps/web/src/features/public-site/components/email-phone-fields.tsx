import { TextInput } from '@mantine/core';

interface EmailPhoneFieldsProps {
  labels: { email: string; phone: string };
  value: { email: string; phone: string };
  errors: Record<string, string>;
  onChange: (field: 'email' | 'phone', value: string) => void;
}

/** How a public form reaches someone back: the e-mail (required) and a phone number (optional). */
export function EmailPhoneFields({ labels, value, errors, onChange }: EmailPhoneFieldsProps) {
  return (
    <>
      <TextInput
        label={labels.email}
        type="email"
        value={value.email}
        onChange={(e) => onChange('email', e.currentTarget.value)}
        error={errors.email}
        autoComplete="email"
        required
      />
      <TextInput
        label={labels.phone}
        type="tel"
        value={value.phone}
        onChange={(e) => onChange('phone', e.currentTarget.value)}
        error={errors.phone}
        autoComplete="tel"
      />
    </>
  );
}
