import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/ActionIcon.css';
import '../../../components/form-styles';
import { Alert, Box, Button, Drawer, Group, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolPanelProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Whether the form is valid; the AI button stays disabled until it is. */
  canSubmit: boolean;
  onSubmit: () => void;
  isGenerating: boolean;
  /** The overlay's sentence while the assistant works; a general one by default. */
  loadingMessage?: string;
  /** A failure (error signal, timeout, lost connection), shown above the button. */
  error?: string | null;
  submitLabel?: string;
  children: ReactNode;
}

/**
 * The slide-in layer every creation form lives in (document-tools.md §2): a right-side drawer with
 * a title and a close button, the form, the "AI 생성" button and a loading overlay with a message.
 */
export function ToolPanel(props: ToolPanelProps) {
  const { t } = useTranslation('tools');
  const loadingMessage = props.loadingMessage ?? t('panel.loading');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canSubmit && !props.isGenerating) props.onSubmit();
  };

  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={<Text fw={700}>{props.title}</Text>}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      // While the assistant works the panel stays: the result opens on its own when it is ready.
      closeOnClickOutside={!props.isGenerating}
      closeOnEscape={!props.isGenerating}
    >
      <Box pos="relative">
        <LoadingOverlay
          visible={props.isGenerating}
          zIndex={10}
          overlayProps={{ blur: 2 }}
          loaderProps={{
            children: (
              <Stack align="center" gap="sm" role="status" aria-live="polite">
                <Loader />
                <Text fw={600}>{loadingMessage}</Text>
              </Stack>
            ),
          }}
        />
        <form onSubmit={handleSubmit} noValidate aria-label={props.title}>
          <Stack gap="md">
            {props.children}
            {props.error ? (
              <Alert role="alert" color="red" variant="light">
                {props.error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button
                type="submit"
                leftSection={<IconSparkles size={16} aria-hidden />}
                disabled={!props.canSubmit || props.isGenerating}
              >
                {props.submitLabel ?? t('panel.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Box>
    </Drawer>
  );
}
