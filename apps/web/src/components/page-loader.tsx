import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code is on its way; short on a fast line, so kept quiet. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader color="sage" type="dots" aria-hidden />
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
    </Center>
  );
}
