import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Downloads the introduction brochure in the current language: a PDF the build writes from the site's own texts (build/brochure.ts). */
export function IntroDownloadButton(props: Omit<ButtonProps, 'leftSection'>) {
  const { t } = useTranslation();
  const file = t('download.introFile');
  return (
    <Button
      component="a"
      href={`/downloads/${file}`}
      download={file}
      leftSection={<IconDownload size={18} aria-hidden />}
      {...props}
    >
      {t('download.intro')}
    </Button>
  );
}
