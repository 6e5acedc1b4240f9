import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { MINUTES_RECORDING_EXTENSIONS, meetingMinutesInputSchema, namesOf } from '@ssaem/contracts/studio';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUsersInfo } from '../../account/api';
import { createMeetingMinutes, type StudioItemResponse } from '../api';
import { FormCommonSettings } from './common-settings';
import { FilePicker } from './file-picker';
import { MemberList } from './member-list';
import type { RecreatablePanelProps } from './panel-props';
import { ChoiceRadios, RecreateNotice, refillForm, useRecreateTarget } from './studio-fields';
import { ToolPanel } from './tool-panel';
import { useGeneration } from './use-generation';

type MinutesFormInput = z.input<typeof meetingMinutesInputSchema>;
type MinutesFormOutput = z.output<typeof meetingMinutesInputSchema>;
type Source = 'TEXT' | 'RECORDING';

/** The member rows as the comma-joined field the schema and the server read. */
function joined(names: readonly string[]): string {
  return names
    .map((name) => name.trim())
    .filter(Boolean)
    .join(',');
}

/** A stored member list as rows; an empty list is one empty row to type in. */
function rowsOf(joinedNames: unknown): string[] {
  const names = typeof joinedNames === 'string' ? namesOf(joinedNames) : [];
  return names.length > 0 ? names : [''];
}

/** What the stored form kept of a recording: the text it was turned into, if it was made from one. */
function keptTranscriptOf(item: StudioItemResponse | undefined): string | undefined {
  const transcript = item?.input?.transcript;
  return typeof transcript === 'string' && transcript.trim() ? transcript : undefined;
}

/**
 * School steering committee minutes (document-tools.md §3, §5): title, agenda, the principal and
 * the teacher and parent members (lists that grow and shrink, at least one each), from typed notes
 * or from a recording (mp3, mp4). With `recreateId` it makes those minutes again (PUT) from the
 * form they were made from, the recording's text kept until another recording is chosen.
 */
export function MeetingMinutesPanel(props: RecreatablePanelProps) {
  return props.opened ? <MeetingMinutesForm {...props} /> : null;
}

function MeetingMinutesForm({ onClose, recreateId, onDone }: RecreatablePanelProps) {
  const { t } = useTranslation('tools');
  const generation = useGeneration('meeting-minutes');
  const info = useUsersInfo();
  const form = useForm<MinutesFormInput, unknown, MinutesFormOutput>({
    resolver: zodResolver(meetingMinutesInputSchema),
    mode: 'all',
    defaultValues: {
      title: '',
      topic: '',
      principal: '',
      chair: '',
      secretary: '',
      admin: '',
      teachers: '',
      parents: '',
      requestContent: '',
      meetingKind: 'REGULAR',
      meetingDate: '',
      place: '',
      accessLevel: 'PUBLIC',
      editable: true,
    },
  });
  const { errors } = form.formState;
  const [teachers, setTeachers] = useState<string[]>(['']);
  const [parents, setParents] = useState<string[]>(['']);
  const [source, setSource] = useState<Source>('TEXT');
  const [recording, setRecording] = useState<File | null>(null);
  const [rejected, setRejected] = useState(false);
  const target = useRecreateTarget('meeting-minutes', recreateId, (item) => {
    refillForm(form, item);
    setTeachers(rowsOf(item.input?.teachers));
    setParents(rowsOf(item.input?.parents));
    setSource(keptTranscriptOf(item) ? 'RECORDING' : 'TEXT');
  });
  // Recreate keeps the recording's text from the first time, until another recording is chosen.
  const keptTranscript = keptTranscriptOf(target.item);
  const needsRecording = source === 'RECORDING';
  const hasRecording = recording !== null || keptTranscript !== undefined;
  const canSubmit = form.formState.isValid && (!needsRecording || hasRecording) && target.ready;

  const changeMembers = (field: 'teachers' | 'parents', names: string[]) => {
    (field === 'teachers' ? setTeachers : setParents)(names);
    form.setValue(field, joined(names), { shouldValidate: true, shouldTouch: true });
  };

  const handleSubmit = form.handleSubmit((values) => {
    const { transcript: _kept, ...typed } = values;
    const file = needsRecording ? recording : null;
    // Typed notes drop the old recording's text; a new recording is read again by the server.
    const kept = needsRecording && !file && keptTranscript ? { transcript: keptTranscript } : {};
    const input = {
      ...typed,
      ...kept,
      meetingDate: values.meetingDate || undefined,
      place: values.place || undefined,
      schoolLevel: values.schoolLevel ?? info.data?.schoolInfo?.level ?? undefined,
    };
    return generation.run(() => target.send(input, () => createMeetingMinutes(input, file), file), onDone);
  });

  return (
    <ToolPanel
      opened
      onClose={onClose}
      title={target.isRecreate ? t('studio.recreate.title.meeting-minutes') : t('tools.meeting-minutes')}
      canSubmit={canSubmit}
      onSubmit={() => void handleSubmit()}
      isGenerating={generation.isGenerating}
      loadingMessage={t('studio.loading.meeting-minutes')}
      error={generation.error}
    >
      <RecreateNotice target={target} />
      <TextInput
        {...form.register('title')}
        label={t('fields.title')}
        placeholder={t('meetingMinutes.titlePlaceholder')}
        required
        error={errors.title?.message}
      />
      <SimpleGrid cols={2} spacing="md">
        <Controller
          control={form.control}
          name="meetingKind"
          render={({ field }) => (
            <ChoiceRadios
              label={t('meetingMinutes.kind')}
              options={(['REGULAR', 'EXTRA'] as const).map((kind) => ({
                value: kind,
                label: t(`meetingMinutes.kinds.${kind}`),
              }))}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <TextInput {...form.register('meetingDate')} type="date" label={t('meetingMinutes.date')} />
      </SimpleGrid>
      <TextInput {...form.register('place')} label={t('meetingMinutes.place')} />
      <GrowingTextarea
        {...form.register('topic')}
        label={t('meetingMinutes.topic')}
        description={t('meetingMinutes.topicHint')}
        minRows={2}
        required
        error={errors.topic?.message}
      />
      <SimpleGrid cols={2} spacing="md">
        <TextInput
          {...form.register('principal')}
          label={t('meetingMinutes.principal')}
          required
          error={errors.principal?.message}
        />
        <TextInput {...form.register('chair')} label={t('meetingMinutes.chair')} />
        <TextInput {...form.register('secretary')} label={t('meetingMinutes.secretary')} />
        <TextInput {...form.register('admin')} label={t('meetingMinutes.admin')} />
      </SimpleGrid>
      <MemberList
        role={t('meetingMinutes.teachers')}
        names={teachers}
        onChange={(names) => changeMembers('teachers', names)}
        required
        error={errors.teachers?.message}
      />
      <MemberList
        role={t('meetingMinutes.parents')}
        names={parents}
        onChange={(names) => changeMembers('parents', names)}
        required
        error={errors.parents?.message}
      />
      <ChoiceRadios
        label={t('meetingMinutes.source')}
        options={(['TEXT', 'RECORDING'] as const).map((value) => ({
          value,
          label: t(`meetingMinutes.sources.${value}`),
        }))}
        value={source}
        onChange={(value) => setSource(value as Source)}
      />
      {needsRecording ? (
        <FilePicker
          label={t('meetingMinutes.recording')}
          accept={MINUTES_RECORDING_EXTENSIONS}
          files={recording ? [recording] : []}
          onChange={(files) => {
            setRecording(files[0] ?? null);
            setRejected(false);
          }}
          onRejected={(names) => setRejected(names.length > 0)}
          error={
            rejected
              ? t('meetingMinutes.recordingRejected')
              : hasRecording
                ? undefined
                : t('meetingMinutes.recordingMissing')
          }
        />
      ) : null}
      {needsRecording && keptTranscript && !recording ? (
        <Text size="sm" c="dimmed">
          {t('meetingMinutes.keptRecording')}
        </Text>
      ) : null}
      <GrowingTextarea
        {...form.register('requestContent')}
        label={needsRecording ? t('meetingMinutes.request') : t('meetingMinutes.notes')}
        placeholder={t('meetingMinutes.notesPlaceholder')}
        minRows={3}
        maxRows={12}
        error={errors.requestContent?.message}
      />
      <FormCommonSettings
        form={form}
        tool={target.isRecreate ? undefined : 'meeting-minutes'}
        readOnly={target.isRecreate}
      />
    </ToolPanel>
  );
}
