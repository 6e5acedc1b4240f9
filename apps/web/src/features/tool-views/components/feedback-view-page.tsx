import '../../../components/form-styles';
import { Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { FEEDBACK_AREAS, type FeedbackResult } from '@ssaem/contracts/feedback';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useFeedback, useFeedbackList, useSaveTeacherFeedback } from '../api';
import { RecreateButton } from './recreate-button';
import { EngineNotice, type ReadyItem, ToolItemGate } from './tool-item-gate';
import classes from './tool-views.module.css';

export function ScoreChart({ result }: { result: FeedbackResult }) {
  const { t } = useTranslation('toolViews');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="feedback-scores-title">
      <Group align="flex-end" gap="xl" mb="lg">
        <div>
          <Text size="sm" c="dimmed" id="feedback-total-label">
            {t('feedback.total')}
          </Text>
          <Text className={classes.totalScore} aria-describedby="feedback-total-label">
            {t('feedback.totalValue', { score: result.totalScore })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('feedback.outOf')}
          </Text>
        </div>
      </Group>
      <Title order={2} fz="h4" id="feedback-scores-title" mb="sm">
        {t('feedback.scores')}
      </Title>
      <ul className={classes.scoreList}>
        {FEEDBACK_AREAS.map((area) => {
          const score = result.scores[area];
          const label = t(`feedback.area.${area}`);
          const value = score === null ? t('feedback.notChosen') : t('feedback.scoreValue', { score });
          return (
            <li key={area} className={classes.scoreRow} data-testid={`score-${area}`}>
              <Text fw={600}>{label}</Text>
              {/* The bar repeats the number beside it, so assistive technology reads the text only. */}
              <Progress
                value={score ?? 0}
                size="lg"
                radius="xl"
                aria-hidden
                color={score === null ? 'gray' : 'blue'}
              />
              <Text className={classes.scoreValue} c={score === null ? 'dimmed' : undefined}>
                {value}
              </Text>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function AreaDetails({ result }: { result: FeedbackResult }) {
  const { t } = useTranslation('toolViews');
  if (result.areas.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="feedback-areas-title">
      <Title order={2} fz="h4" id="feedback-areas-title" mb="sm">
        {t('feedback.areas')}
      </Title>
      <Stack gap="lg">
        {result.areas.map((area) => (
          <section key={area.area} aria-labelledby={`feedback-area-${area.area}`}>
            <Title order={3} fz="h5" id={`feedback-area-${area.area}`} mb={4}>
              {t(`feedback.area.${area.area}`)} · {t('feedback.scoreValue', { score: area.score })}
            </Title>
            <Text size="sm" fw={600} mt="xs">
              {t('feedback.strengths')}
            </Text>
            <Bullets items={area.strengths} />
            <Text size="sm" fw={600} mt="xs">
              {t('feedback.improvements')}
            </Text>
            <Bullets items={area.improvements} />
            {area.examples && area.examples.length > 0 ? (
              <>
                <Text size="sm" fw={600} mt="xs">
                  {t('feedback.examples')}
                </Text>
                <Bullets
                  items={area.examples.map((example) =>
                    t('feedback.example', { original: example.original, suggestion: example.suggestion }),
                  )}
                />
              </>
            ) : null}
          </section>
        ))}
      </Stack>
    </Card>
  );
}

function Bullets({ items }: { items: string[] }) {
  const { t } = useTranslation('toolViews');
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('feedback.none')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4}>
      {items.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: plain sentences without ids.
        <List.Item key={index}>{entry}</List.Item>
      ))}
    </List>
  );
}

function TeacherFeedback({ item }: { item: ReadyItem<FeedbackResult> }) {
  const { t } = useTranslation('toolViews');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const save = useSaveTeacherFeedback();
  const [text, setText] = useState(item.result.teacherFeedback);
  const isChanged = text !== item.result.teacherFeedback;

  const handleSave = () =>
    save.mutate(
      { id: item.id, teacherFeedback: text },
      {
        onSuccess: () => toast.show(t('feedback.teacherSaved')),
        onError: (error) => toast.show(apiErrorMessage(error, tc)),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="feedback-teacher-title">
      <Title order={2} fz="h4" id="feedback-teacher-title" mb="sm">
        {t('feedback.teacher')}
      </Title>
      {item.abilities.edit ? (
        <Stack gap="sm">
          <GrowingTextarea
            aria-labelledby="feedback-teacher-title"
            placeholder={t('feedback.teacherPlaceholder')}
            value={text}
            maxLength={5000}
            minRows={4}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button w="fit-content" onClick={handleSave} loading={save.isPending} disabled={!isChanged}>
            {t('feedback.saveTeacher')}
          </Button>
        </Stack>
      ) : item.result.teacherFeedback ? (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{item.result.teacherFeedback}</Text>
      ) : (
        <Text c="dimmed">{t('feedback.teacherEmpty')}</Text>
      )}
    </Card>
  );
}

/** Previous / next through the caller's own feedback, newest first; hidden for someone else's. */
function FeedbackNavigation({ id }: { id: number }) {
  const { t } = useTranslation('toolViews');
  const location = useLocation();
  const list = useFeedbackList();
  const ids = list.data?.map((entry) => entry.id) ?? [];
  const index = ids.indexOf(id);
  if (index < 0 || ids.length < 2) return null;
  const previous = ids[index - 1];
  const next = ids[index + 1];
  const linkTo = (target: number) => `${location.pathname}?id=${target}`;
  return (
    <Group component="nav" aria-label={t('feedback.navigation')} justify="space-between">
      {previous === undefined ? (
        <Button variant="default" disabled leftSection={<IconChevronLeft size={16} aria-hidden />}>
          {t('feedback.previous')}
        </Button>
      ) : (
        <Button
          component={Link}
          to={linkTo(previous)}
          variant="default"
          leftSection={<IconChevronLeft size={16} aria-hidden />}
        >
          {t('feedback.previous')}
        </Button>
      )}
      <Text size="sm" c="dimmed">
        {t('feedback.position', { current: index + 1, total: ids.length })}
      </Text>
      {next === undefined ? (
        <Button variant="default" disabled rightSection={<IconChevronRight size={16} aria-hidden />}>
          {t('feedback.next')}
        </Button>
      ) : (
        <Button
          component={Link}
          to={linkTo(next)}
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
        >
          {t('feedback.next')}
        </Button>
      )}
    </Group>
  );
}

function FeedbackView({ item }: { item: ReadyItem<FeedbackResult> }) {
  const { t } = useTranslation('toolViews');
  const { result } = item;
  return (
    <Stack gap="lg">
      <title>{t('feedback.meta', { title: item.title })}</title>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        {item.abilities.edit ? <RecreateButton kind="feedback" id={item.id} /> : null}
      </Group>
      <EngineNotice notice={result.notice} />
      <ScoreChart result={result} />
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="feedback-overall-title">
        <Title order={2} fz="h4" id="feedback-overall-title" mb="sm">
          {t('feedback.overall')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{result.overall}</Text>
      </Card>
      <AreaDetails result={result} />
      <TeacherFeedback item={item} />
    </Stack>
  );
}

/** /immersive/create-feedback?id=: scores, the AI's feedback, the teacher's words, and paging. */
export function FeedbackViewPage() {
  const { t } = useTranslation('toolViews');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useFeedback(id);
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <ToolItemGate<FeedbackResult>
        id={id}
        query={query}
        messages={{
          loadFailed: t('feedback.loadFailed'),
          generationFailed: () => t('feedback.generationFailed'),
          noData: t('feedback.noData'),
        }}
      >
        {(item) => <FeedbackView key={item.id} item={item} />}
      </ToolItemGate>
      <FeedbackNavigation id={id} />
    </Stack>
  );
}
