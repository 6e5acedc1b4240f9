import type { Language } from '@ssaem/contracts/errors';
import { LANGUAGES } from '@ssaem/contracts/i18n';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';
import classes from './language-switcher.module.css';
import { useToast } from './toast/toast-context';

interface LanguageSwitcherProps {
  fullWidth?: boolean;
}

/**
 * 한국어 / English as two toggle buttons. Each label is written in its own language so anyone can
 * find theirs; a plain group of buttons keeps the first page light.
 */
export function LanguageSwitcher({ fullWidth = false }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const current = currentLanguage();

  const handleSelect = async (language: Language) => {
    if (language === current) return;
    await changeLanguage(language);
    toast.show(i18n.t('language.changed', { lng: language }));
  };

  return (
    <fieldset className={classes.group} data-full-width={fullWidth || undefined}>
      <legend className={classes.legend}>{t('language.label')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === current}
          className={classes.option}
          onClick={() => void handleSelect(language)}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </fieldset>
  );
}
