import type { TFunction } from 'i18next';

/** A tool's name for people; an unknown purpose is shown as it is recorded. */
export function purposeLabel(t: TFunction<'admin'>, purpose: string): string {
  return t(`usage.purposes.${purpose}` as 'usage.purposes.chat', { defaultValue: purpose });
}
