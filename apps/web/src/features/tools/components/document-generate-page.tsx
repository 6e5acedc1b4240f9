import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Overlay.css';
import '../../../components/form-styles';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  LoadingOverlay,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { EVALUATION_TEMPLATE_EXTENSIONS, generalDocumentInputSchema } from '@ssaem/contracts/studio';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { createGeneralDocument } from '../api';
import { CommonSettings } from '../panel/common-settings';
import { FilePicker } from '../panel/file-picker';
import { useGeneration } from '../panel/use-generation';

type GeneralFormInput = z.input<typeof generalDocumentInputSchema>;
type GeneralFormOutput = z.output<typeof generalDocumentInputSchema>;

/** Templates the general document follows: HWP, HWPX, Word and PDF, as for the evaluation plan. */
const TEMPLATE_TYPES = EVALUATION_TEMPLATE_EXTENSIONS.filter((extension) => extension !== 'doc');

/**
 * /document/generate (the sidebar's Create Document): what to write, an optional name (the server
 * names it when empty) and an optional template file; the document opens in the viewer when done.
 */
export function DocumentGeneratePage() {
  const { t } = useTranslation('tools');
  const generation = useGeneration('document-generate');
  const form = useForm<GeneralFormInput, unknown, GeneralFormOutput>({
    resolver: zodResolver(generalDocumentInputSchema),
    mode: 'all',
    defaultValues: { title: '', query: '', accessLevel: 'PUBLIC', editable: true },
  });
  const { errors } = form.formState;
  const [template, setTemplate] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const accessLevel = useWatch({ control: form.control, name: 'accessLevel' }) ?? 'PUBLIC';
  const editable = useWatch({ control: form.control, name: 'editable' }) ?? true;

  useEffect(() => {
    document.title = t('generate.meta');
  }, [t]);

  const handleSubmit = form.handleSubmit((values) =>
    generation.run(() => createGeneralDocument(values, template)),
  );
  const canSubmit = form.formState.isValid && !rejected && !generation.isGenerating;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('generate.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('generate.intro')}
          </Text>
        </div>
        <Card withBorder radius="md" padding="lg" pos="relative">
          <LoadingOverlay
            visible={generation.isGenerating}
            zIndex={10}
            overlayProps={{ blur: 2 }}
            loaderProps={{
              children: (
                <Stack align="center" gap="sm" role="status" aria-live="polite">
                  <Loader />
                  <Text fw={600}>{t('studio.loading.document-generate')}</Text>
                </Stack>
              ),
            }}
          />
          <Box
            component="form"
            noValidate
            aria-label={t('generate.title')}
            onSubmit={(event) => {
              event.preventDefault();
              if (canSubmit) void handleSubmit();
            }}
          >
            <Stack gap="md">
              <GrowingTextarea
                {...form.register('query')}
                label={t('generate.query')}
                placeholder={t('generate.queryPlaceholder')}
                minRows={5}
                maxRows={14}
                required
                error={errors.query?.message}
              />
              <TextInput
                {...form.register('title')}
                label={t('generate.name')}
                description={t('generate.nameHint')}
                error={errors.title?.message}
              />
              <FilePicker
                label={t('generate.template')}
                accept={TEMPLATE_TYPES}
                files={template ? [template] : []}
                onChange={(files) => {
                  setTemplate(files[0] ?? null);
                  setRejected(false);
                }}
                onRejected={(names) => setRejected(names.length > 0)}
                error={rejected ? t('generate.templateRejected') : undefined}
              />
              <CommonSettings
                value={{ accessLevel, editable }}
                onChange={(patch) => {
                  if (patch.accessLevel) form.setValue('accessLevel', patch.accessLevel);
                  if (patch.editable !== undefined) form.setValue('editable', patch.editable);
                }}
              />
              {generation.error ? (
                <Alert role="alert" color="red" variant="light">
                  {generation.error}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconSparkles size={16} aria-hidden />}
                  disabled={!canSubmit}
                >
                  {t('panel.submit')}
                </Button>
              </Group>
            </Stack>
          </Box>
        </Card>
      </Stack>
    </Container>
  );
}
