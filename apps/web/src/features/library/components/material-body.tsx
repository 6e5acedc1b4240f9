import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { DocumentModel } from '@ssaem/contracts/documents';
import { feedbackResultSchema } from '@ssaem/contracts/feedback';
import { lessonResultSchema } from '@ssaem/contracts/lesson';
import { textCorrectionResultSchema } from '@ssaem/contracts/text-correction';
import { webtoonResultSchema } from '@ssaem/contracts/webtoon';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentView } from '../../documents/components/document-view';
import { AreaDetails, ScoreChart } from '../../tool-views/components/feedback-view-page';
import { LessonFacts, LessonSections, Standards } from '../../tool-views/components/lesson-plan-page';
import { HighlightedText } from '../../tool-views/components/text-correction-view-page';
import { WebtoonStrip } from '../../webtoon/components/webtoon-strip';
import { DocumentText } from './document-text';

interface MaterialBodyProps {
  /** The item's id, for views drawn by the server (a comic's strip); absent on a shared link. */
  id?: number;
  libraryType: string;
  content: unknown;
  /** The server's plain text of the item: what is shown when no richer view fits. */
  text: string;
}

function isDocumentModel(value: unknown): value is DocumentModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'doc' &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/** The document a studio tool or the editor stored, as the teacher last saw it. */
export function storedDocument(content: unknown): DocumentModel | null {
  if (!content || typeof content !== 'object') return null;
  const record = content as { editedDocument?: unknown; document?: unknown };
  if (isDocumentModel(record.editedDocument)) return record.editedDocument;
  if (isDocumentModel(record.document)) return record.document;
  return isDocumentModel(content) ? content : null;
}

/** Which reader fits the item: by its tool, then by the shape of what was stored. */
export type MaterialView = 'lesson' | 'feedback' | 'correction' | 'webtoon' | 'document' | 'text';

export function materialView(libraryType: string, content: unknown): MaterialView {
  if (libraryType === 'LESSON' && lessonResultSchema.safeParse(content).success) return 'lesson';
  if (libraryType === 'FEEDBACK' && feedbackResultSchema.safeParse(content).success) return 'feedback';
  if (libraryType === 'TEXT_CORRECTION' && textCorrectionResultSchema.safeParse(content).success)
    return 'correction';
  if (libraryType === 'WEBTOON' && webtoonResultSchema.safeParse(content).success) return 'webtoon';
  if (storedDocument(content)) return 'document';
  return 'text';
}

function ContentCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('library');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="library-content-title">
      <Title order={2} fz="h3" id="library-content-title" mb="sm">
        {t('detail.content')}
      </Title>
      {children}
    </Card>
  );
}

function LessonBody({ content }: { content: unknown }) {
  const { t } = useTranslation('toolViews');
  const result = lessonResultSchema.parse(content);
  return (
    <Stack gap="lg" data-view="lesson">
      <LessonFacts result={result} />
      <section aria-labelledby="lesson-goal-title">
        <Title order={2} fz="h4" id="lesson-goal-title" mb="xs">
          {t('lesson.goal')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{result.goal}</Text>
      </section>
      <Standards result={result} />
      <section aria-labelledby="lesson-sections-title">
        <Title order={2} fz="h4" id="lesson-sections-title" mb="sm">
          {t('lesson.sections')}
        </Title>
        <LessonSections result={result} />
      </section>
    </Stack>
  );
}

function FeedbackBody({ content }: { content: unknown }) {
  const { t } = useTranslation('toolViews');
  const result = feedbackResultSchema.parse(content);
  return (
    <Stack gap="lg" data-view="feedback">
      <ScoreChart result={result} />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="feedback-overall-title">
        <Title order={2} fz="h4" id="feedback-overall-title" mb="sm">
          {t('feedback.overall')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{result.overall}</Text>
      </Card>
      <AreaDetails result={result} />
      {result.teacherFeedback.trim() ? (
        <Card
          withBorder
          radius="lg"
          padding="lg"
          component="section"
          aria-labelledby="feedback-teacher-title"
        >
          <Title order={2} fz="h4" id="feedback-teacher-title" mb="sm">
            {t('feedback.teacher')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{result.teacherFeedback}</Text>
        </Card>
      ) : null}
    </Stack>
  );
}

function CorrectionBody({ content }: { content: unknown }) {
  const { t } = useTranslation('toolViews');
  const result = textCorrectionResultSchema.parse(content);
  const corrections = [...result.corrections].sort((a, b) => a.position - b.position);
  return (
    <Stack gap="lg" data-view="correction">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="correction-text-title">
        <Title order={2} fz="h4" id="correction-text-title" mb="sm">
          {t('textCorrection.correctedText')}
        </Title>
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
                {correction.reason ? <Text size="sm">{correction.reason}</Text> : null}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
    </Stack>
  );
}

/**
 * A library item as a teacher reads it: a lesson as its lesson plan, feedback with its scores, a
 * correction with its marks, a comic as its strip, a letter or plan as its document, a summary as keywords and points —
 * by the same components as the tools' own views. Nothing of the stored data shows through.
 */
export function MaterialBody({ id, libraryType, content, text }: MaterialBodyProps) {
  const { t } = useTranslation('library');
  const view = materialView(libraryType, content);
  if (view === 'lesson') return <LessonBody content={content} />;
  if (view === 'feedback') return <FeedbackBody content={content} />;
  if (view === 'correction') return <CorrectionBody content={content} />;
  const document = view === 'document' ? storedDocument(content) : null;
  return (
    <ContentCard>
      {view === 'webtoon' && id ? (
        // The strip as drawn, then its words: what a screen reader reads and a teacher can copy.
        <div data-view="webtoon" style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
          <WebtoonStrip
            id={id}
            version={JSON.stringify((content as { panels?: unknown }).panels)}
            alt={t('detail.webtoonStrip')}
            loadingLabel={t('detail.webtoonLoading')}
          />
        </div>
      ) : null}
      {document ? (
        <div data-view="document">
          <DocumentView document={document} />
        </div>
      ) : (
        <DocumentText libraryType={libraryType} content={content} text={text} headingLevel={3} />
      )}
    </ContentCard>
  );
}
