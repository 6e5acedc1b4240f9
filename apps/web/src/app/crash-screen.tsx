import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Last resort when the app itself fails outside any screen; it cannot rely on the router. */
export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="lg">
      <Stack gap="md" maw={520} component="main">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="dimmed">{t('routeError.body')}</Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('routeError.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
