import { List, Stack, Text, Title } from '@mantine/core';
import { summaryResultSchema } from '@ssaem/contracts/summary';
import { useTranslation } from 'react-i18next';
import { toParagraphs } from '../search-params';

interface DocumentTextProps {
  libraryType: string;
  content: unknown;
  text: string;
  /** Heading level of the sections inside (the page's own heading is one above). */
  headingLevel?: 2 | 3;
}

/** A summary shows its keywords and points; every other type is its plain-text paragraphs. */
export function DocumentText({ libraryType, content, text, headingLevel = 2 }: DocumentTextProps) {
  const { t } = useTranslation('library');
  const summary = libraryType === 'SUMMARY' ? summaryResultSchema.safeParse(content) : null;
  if (summary?.success && (summary.data.keywords.length > 0 || summary.data.summary.length > 0)) {
    return (
      <Stack gap="md">
        {summary.data.keywords.length > 0 ? (
          <section>
            <Title order={headingLevel} fz="h4" mb="xs">
              {t('detail.keywords')}
            </Title>
            <Stack component="dl" gap="xs" m={0}>
              {summary.data.keywords.map((entry) => (
                <div key={entry.keyword}>
                  <Text component="dt" fw={700}>
                    {entry.keyword}
                  </Text>
                  <Text component="dd" m={0}>
                    {entry.explanation}
                  </Text>
                </div>
              ))}
            </Stack>
          </section>
        ) : null}
        {summary.data.summary.length > 0 ? (
          <section>
            <Title order={headingLevel} fz="h4" mb="xs">
              {t('detail.summary')}
            </Title>
            <List spacing="xs">
              {summary.data.summary.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </section>
        ) : null}
      </Stack>
    );
  }
  const paragraphs = toParagraphs(text);
  if (paragraphs.length === 0) return <Text c="dimmed">{t('detail.noContent')}</Text>;
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the text is never reordered.
        <Text key={index} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
