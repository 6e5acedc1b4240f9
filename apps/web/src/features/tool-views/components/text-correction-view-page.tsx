import '../../../components/form-styles';
import { Alert, Button, Card, Group, List, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TextCorrectionResult } from '@ssaem/contracts/text-correction';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { useTextCorrection } from '../api';
import { correctionSegments } from '../correction-segments';
import { type ReadyItem, ToolItemGate } from './tool-item-gate';
import classes from './tool-views.module.css';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

type Correction = TextCorrectionResult['corrections'][number];

export function HighlightedText({ text, corrections }: { text: string; corrections: Correction[] }) {
  const { t } = useTranslation('toolViews');
  const segments = correctionSegments(text, corrections);
  return (
    <Text component="div" className={classes.correctedText}>
      {segments.map((segment, index) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived, in a fixed order.
          <span key={index}>{segment.text}</span>
        ) : (
          <mark
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived, in a fixed order.
            key={index}
            className={classes.correction}
            title={segment.correction.reason}
            data-testid={`correction-${segment.number}`}
          >
            <VisuallyHidden>
              {t('textCorrection.changeLabel', {
                number: segment.number,
                original: segment.correction.original,
                suggestion: segment.correction.suggestion,
              })}
            </VisuallyHidden>
            <span aria-hidden>
              <del className={classes.removed}>{segment.correction.original}</del>
              <ins className={classes.inserted}>{segment.correction.suggestion}</ins>
              <sup className={classes.marker}>{segment.number}</sup>
            </span>
          </mark>
        ),
      )}
    </Text>
  );
}

function TextCorrectionView({ item }: { item: ReadyItem<TextCorrectionResult> }) {
  const { t } = useTranslation('toolViews');
  const toast = useToast();
  const { result } = item;
  // Numbered in reading order, so the list and the marks in the text agree.
  const corrections = [...result.corrections].sort((a, b) => a.position - b.position);

  const handleCopy = () => {
    navigator.clipboard
      .writeText(result.correctedText)
      .then(() => toast.show(t('textCorrection.copied')))
      .catch(() => toast.show(t('textCorrection.copyFailed')));
  };

  return (
    <Stack gap="lg">
      <title>{t('textCorrection.meta', { title: item.title })}</title>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {item.title}
      </Title>
      {result.engine === 'dictionary' ? (
        <Alert
          color="blue"
          variant="light"
          title={t('state.noticeTitle')}
          icon={<IconInfoCircle size={20} aria-hidden />}
        >
          {t('textCorrection.dictionaryNotice')}
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="correction-text-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4" id="correction-text-title">
            {t('textCorrection.correctedText')}
          </Title>
          <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={handleCopy}>
            {t('textCorrection.copy')}
          </Button>
        </Group>
        {corrections.length > 0 ? (
          <Text size="sm" c="dimmed" mb="xs">
            {t('textCorrection.legend')}
          </Text>
        ) : null}
        <HighlightedText text={result.checkedText} corrections={corrections} />
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="correction-list-title">
        <Title order={2} fz="h4" id="correction-list-title" mb="sm">
          {t('textCorrection.corrections', { count: corrections.length })}
        </Title>
        {corrections.length === 0 ? (
          <Text c="dimmed">{t('textCorrection.noCorrections')}</Text>
        ) : (
          <List type="ordered" spacing="sm">
            {corrections.map((correction, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: corrections have no id; their order is the list's.
              <List.Item key={index}>
                <Text fw={600} component="span">
                  {t('textCorrection.change', {
                    original: correction.original,
                    suggestion: correction.suggestion,
                  })}
                </Text>
                <Text size="sm" c="dimmed" component="span">
                  {' · '}
                  {t('textCorrection.position', { position: correction.position + 1 })}
                </Text>
                {correction.reason ? <Text size="sm">{correction.reason}</Text> : null}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}

/** /immersive/create-text-correction?id=: the checked text with its corrections. */
export function TextCorrectionViewPage() {
  const { t } = useTranslation('toolViews');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useTextCorrection(id);
  return (
    <div style={{ maxWidth: 880, margin: '0 auto' }}>
      <ToolItemGate<TextCorrectionResult>
        id={id}
        query={query}
        messages={{
          loadFailed: t('textCorrection.loadFailed'),
          generationFailed: (message) => t('textCorrection.generationFailed', { message }),
          noData: t('textCorrection.noData'),
        }}
      >
        {(item) => <TextCorrectionView key={item.id} item={item} />}
      </ToolItemGate>
    </div>
  );
}
