import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Drawer, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/language-switcher';

/** The signed-in screens' settings panel: the screen language and signing out. */
export function SettingsDrawer({
  opened,
  onClose,
  onSignOut,
}: {
  opened: boolean;
  onClose: () => void;
  onSignOut: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title={t('settings.title')} padding="xl">
      <Stack gap="xs">
        <Text fw={600} id="settings-language">
          {t('settings.language')}
        </Text>
        <LanguageSwitcher fullWidth />
        <Text size="sm" c="dimmed">
          {t('settings.languageHint')}
        </Text>
        {onSignOut && (
          <Button
            variant="default"
            mt="lg"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={onSignOut}
          >
            {t('auth.signOut')}
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
