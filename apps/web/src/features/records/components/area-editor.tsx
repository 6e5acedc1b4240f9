import { Alert, Badge, Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { checkStudentRecordText } from '@ssaem/contracts/student-record-checks';
import type { RecordArea, RecordCheckResult } from '@ssaem/contracts/student-records';
import { IconDeviceFloppy, IconSparkles, IconTextSpellcheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { dateFormat } from '../../../lib/format';
import { errorText } from '../../classes/error-text';
import { useCheckRecord } from '../api';
import { ByteMeter } from './byte-meter';
import { DraftPanel } from './draft-panel';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

interface Props {
  studentId: number;
  area: RecordArea;
  subject: string;
  label: string;
  byteLimit: number;
  value: string;
  /** The text as last saved ('' when never saved). */
  savedValue: string;
  savedAt: string | null;
  saving: boolean;
  saveError: string | null;
  canEdit: boolean;
  onChange: (text: string) => void;
  onSave: () => void;
}

/**
 * One area of a pupil's record: the text, its NEIS byte meter, the checks as the teacher types
 * (banned items and noun endings, each with its reason), a spelling check on request, an AI
 * draft to accept or reject, and saving with a saved indicator.
 */
export function AreaEditor(props: Props) {
  const { t, i18n } = useTranslation('records');
  const { t: tc } = useTranslation();
  const { value, byteLimit } = props;
  const check = useMemo(() => checkStudentRecordText(value, byteLimit), [value, byteLimit]);
  const spelling = useCheckRecord();
  const [spellingResult, setSpellingResult] = useState<{ text: string; result: RecordCheckResult } | null>(
    null,
  );
  const [drafting, setDrafting] = useState(false);
  const dirty = value !== props.savedValue;
  const time = dateFormat(i18n.language, { timeStyle: 'short' });
  const headingId = `area-${props.area}-${props.subject || 'x'}`;

  const replace = (start: number, end: number, replacement: string) =>
    props.onChange(value.slice(0, start) + replacement + value.slice(end));

  const corrections = spellingResult?.text === value ? spellingResult.result.spelling : [];

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={700} id={headingId}>
            {props.label}
          </Text>
          <Text size="xs" c={dirty ? 'orange' : 'dimmed'} data-testid="saved-indicator" aria-live="polite">
            {dirty
              ? t('save.unsaved')
              : props.savedAt
                ? t('save.saved', { time: time.format(new Date(props.savedAt)) })
                : t('save.empty')}
          </Text>
        </Group>
        <GrowingTextarea
          aria-label={props.label}
          minRows={4}
          maxRows={14}
          value={value}
          readOnly={!props.canEdit}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          placeholder={t('editor.placeholder')}
        />
        <ByteMeter bytes={check.bytes} limit={byteLimit} label={props.label} />
        {(check.banned.length > 0 || check.endings.length > 0 || check.unsupported.length > 0) && (
          <Alert color="orange" variant="light" title={t('checks.title')} data-testid="checks">
            <List size="sm" spacing={4}>
              {check.banned.map((finding) => (
                <List.Item key={`b-${finding.start}-${finding.ruleId}`}>
                  <Badge color="red" variant="light" size="sm" mr={6}>
                    {finding.label}
                  </Badge>
                  <Text span fw={700}>
                    “{finding.text}”
                  </Text>{' '}
                  — {finding.reason}
                </List.Item>
              ))}
              {check.endings.map((finding) => (
                <List.Item key={`e-${finding.start}`}>
                  <Badge color="yellow" variant="light" size="sm" mr={6}>
                    {t('checks.ending')}
                  </Badge>
                  <Text span fw={700}>
                    “{finding.ending}”
                  </Text>{' '}
                  — {finding.reason}{' '}
                  {finding.suggestion && props.canEdit && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => replace(finding.start, finding.end, finding.suggestion ?? '')}
                    >
                      {t('checks.replace', { suggestion: finding.suggestion })}
                    </Button>
                  )}
                </List.Item>
              ))}
              {check.unsupported.map((finding) => (
                <List.Item key={`u-${finding.start}`}>
                  “{finding.text}” — {finding.reason}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {spellingResult?.text === value && (
          <Alert color={corrections.length ? 'orange' : 'teal'} variant="light" role="status">
            {corrections.length === 0 ? (
              t('checks.spellingOk')
            ) : (
              <List size="sm" spacing={4}>
                {corrections.map((c) => (
                  <List.Item key={`s-${c.position}`}>
                    “{c.original}” → “{c.suggestion}” — {c.reason}{' '}
                    {props.canEdit && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => replace(c.position, c.position + c.original.length, c.suggestion)}
                      >
                        {t('checks.apply')}
                      </Button>
                    )}
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {spelling.error && (
          <Alert color="red" role="alert">
            {errorText(spelling.error, tc)}
          </Alert>
        )}
        {props.saveError && (
          <Alert color="red" role="alert">
            {props.saveError}
          </Alert>
        )}
        {props.canEdit && (
          <Group gap="xs">
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={props.onSave}
              disabled={!dirty}
              loading={props.saving}
            >
              {t('save.button')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} aria-hidden />}
              onClick={() => setDrafting(true)}
              disabled={drafting}
            >
              {t('draft.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconTextSpellcheck size={16} aria-hidden />}
              disabled={!value.trim()}
              loading={spelling.isPending}
              onClick={async () => {
                const result = await spelling.mutateAsync({ area: props.area, text: value });
                setSpellingResult({ text: value, result });
              }}
            >
              {t('checks.spelling')}
            </Button>
          </Group>
        )}
        {drafting && (
          <DraftPanel
            studentId={props.studentId}
            area={props.area}
            subject={props.subject}
            byteLimit={byteLimit}
            label={props.label}
            onAccept={props.onChange}
            onClose={() => setDrafting(false)}
          />
        )}
      </Stack>
    </Card>
  );
}
