import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Badge, Checkbox, Group, Input, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { appendLessonSection, deleteLessonSection, toolKeys, useLesson } from '../api';
import { isSubscriptionError } from '../subscription';
import { recreateSections } from './recreate-sections';
import { ToolPanel } from './tool-panel';
import { useCompletionWaiter, useFailureMessage } from './use-generation';

export interface LessonRecreatePanelProps {
  /** The lesson (library item) id. */
  lessonId: number;
  opened: boolean;
  onClose: () => void;
  /** Runs once the chosen sections are made again (or the run stopped): the view reloads the lesson. */
  onDone: () => void;
}

/**
 * The lesson panel's recreate mode (document-tools.md §4, §5): the lesson's sections as checkboxes
 * plus "전체", which chooses every section and locks the others; each chosen section is deleted,
 * appended again and waited for, one after another.
 */
export function LessonRecreatePanel(props: LessonRecreatePanelProps) {
  return props.opened ? <LessonRecreateForm {...props} /> : null;
}

function LessonRecreateForm({ lessonId, onClose, onDone }: LessonRecreatePanelProps) {
  const { t } = useTranslation('tools');
  const queryClient = useQueryClient();
  const lesson = useLesson(lessonId);
  const waitFor = useCompletionWaiter();
  const failureMessage = useFailureMessage();
  const toast = useToast();
  const [all, setAll] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [additionalInfo, setAdditionalInfo] = useState('');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overwriteAccepted, setOverwriteAccepted] = useState(false);
  const running = progress !== null;

  const sections = [...(lesson.data?.result?.sections ?? [])].sort((a, b) => a.displayNo - b.displayNo);
  const picked = all ? sections : sections.filter((section) => chosen.has(section.id));
  /** Chosen parts the teacher changed by hand: making them again replaces those changes. */
  const pickedEdited = picked.filter((section) => section.edited === true);
  const mayOverwrite = pickedEdited.length === 0 || overwriteAccepted;

  const toggle = (id: number, on: boolean) => {
    setError(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const handleSubmit = async () => {
    if (picked.length === 0) {
      setError(t('recreate.noSection'));
      return;
    }
    setError(null);
    setProgress({ done: 0, total: picked.length });
    let failures: string[] = [];
    try {
      failures = await recreateSections(picked, additionalInfo.trim(), {
        deleteSection: (sectionId) => deleteLessonSection(lessonId, sectionId),
        append: (body) => appendLessonSection(lessonId, body),
        waitForSignal: () => waitFor(lessonId),
        onProgress: (done, total) => setProgress({ done, total }),
      });
    } catch (caught) {
      if (isSubscriptionError(caught) && caught.kind === 'aborted') {
        // The panel was closed mid-run: what was made so far is still worth showing.
        onDone();
        return;
      }
      console.error(caught);
      failures = [failureMessage(caught)];
    } finally {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: toolKeys.lesson(lessonId) });
      void queryClient.invalidateQueries({ queryKey: ['library'] });
    }
    if (failures.length === 0) {
      onDone();
      onClose();
      return;
    }
    const message = t('recreate.failed', {
      message: failures.map((failure) => failureMessage(failure)).join(' '),
    });
    setError(message);
    // The view may close the panel when it reloads; the toast still tells what went wrong.
    toast.show(message);
    onDone();
  };

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={t('recreate.title')}
      canSubmit={!lesson.isLoading && mayOverwrite}
      onSubmit={() => void handleSubmit()}
      isGenerating={running}
      loadingMessage={
        progress
          ? t('recreate.loading', {
              current: Math.min(progress.done + 1, progress.total),
              total: progress.total,
            })
          : undefined
      }
      error={error}
    >
      {lesson.isLoading ? (
        <Loader size="sm" aria-label={t('recreate.loadingSections')} />
      ) : lesson.isError ? (
        <Text c="red">{t('recreate.loadFailed')}</Text>
      ) : (
        <Input.Wrapper label={t('recreate.sections')} description={t('recreate.sectionsHint')}>
          <Stack gap={8} mt={8}>
            <Checkbox
              label={t('recreate.all')}
              checked={all}
              onChange={(event) => {
                setError(null);
                setAll(event.currentTarget.checked);
              }}
            />
            {sections.map((section) => (
              <Checkbox
                key={section.id}
                label={
                  section.edited ? (
                    <Group gap={6} component="span">
                      {section.title}
                      <Badge size="xs" variant="light" color="orange" component="span">
                        {t('recreate.editedBadge')}
                      </Badge>
                    </Group>
                  ) : (
                    section.title
                  )
                }
                checked={all || chosen.has(section.id)}
                disabled={all}
                onChange={(event) => toggle(section.id, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Input.Wrapper>
      )}
      {pickedEdited.length > 0 && (
        <Alert color="orange" variant="light" role="alert" title={t('studio.recreate.editedTitle')}>
          <Stack gap="xs">
            <Text size="sm">
              {t('recreate.edited', { sections: pickedEdited.map((section) => section.title).join(', ') })}
            </Text>
            <Checkbox
              label={t('studio.recreate.editedAccept')}
              checked={overwriteAccepted}
              onChange={(event) => setOverwriteAccepted(event.currentTarget.checked)}
            />
          </Stack>
        </Alert>
      )}
      <GrowingTextarea
        label={t('recreate.additionalInfo')}
        placeholder={t('recreate.additionalInfoPlaceholder')}
        value={additionalInfo}
        onChange={(event) => setAdditionalInfo(event.currentTarget.value)}
        minRows={2}
        maxLength={2000}
      />
    </ToolPanel>
  );
}
