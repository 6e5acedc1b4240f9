import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import type { LessonResult } from '@ssaem/contracts/lesson';
import {
  IconArrowLeft,
  IconChevronLeft,
  IconChevronRight,
  IconMaximize,
  IconMinimize,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLesson } from '../api';
import { sortedSections } from '../lesson-draft';
import { type ReadyItem, ToolItemGate } from './tool-item-gate';
import classes from './tool-views.module.css';

/** Keys typed into a field belong to the field, not to the slides. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function useFullscreen(element: React.RefObject<HTMLElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const handleChange = () => setIsFullscreen(document.fullscreenElement === element.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [element]);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void element.current?.requestFullscreen?.();
  }, [element]);
  return { isFullscreen, toggle };
}

function LessonSlides({ item }: { item: ReadyItem<LessonResult> }) {
  const { t } = useTranslation('toolViews');
  const isImmersive = useLocation().pathname.startsWith('/immersive/');
  const sections = sortedSections(item.result);
  const total = sections.length;
  const [index, setIndex] = useState(0);
  const deckRef = useRef<HTMLElement>(null);
  const { isFullscreen, toggle } = useFullscreen(deckRef);

  const goTo = useCallback(
    (next: number) => setIndex(Math.min(Math.max(next, 0), Math.max(total - 1, 0))),
    [total],
  );

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const moves: Record<string, (current: number) => number> = {
        ArrowRight: (current) => current + 1,
        PageDown: (current) => current + 1,
        ArrowLeft: (current) => current - 1,
        PageUp: (current) => current - 1,
        Home: () => 0,
        End: () => total - 1,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setIndex((current) => Math.min(Math.max(move(current), 0), Math.max(total - 1, 0)));
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [total]);

  const planPath = isImmersive ? `/immersive/create-lesson/${item.id}` : `/tool/lesson-plan/${item.id}`;
  const section = sections[index];
  const current = index + 1;

  return (
    <Stack gap="md">
      <title>{t('slides.meta', { title: item.title })}</title>
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t('slides.keyboardHint')}
          </Text>
        </Stack>
        <Button
          component={Link}
          to={planPath}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('slides.plan')}
        </Button>
      </Group>
      <section ref={deckRef} className={classes.deck} aria-label={t('slides.label')}>
        {section ? (
          <section
            key={section.id}
            className={classes.slide}
            aria-roledescription="slide"
            aria-labelledby={`slide-title-${section.id}`}
            // Focusable so a long slide can be scrolled with the keyboard.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the slide scrolls when its content is long.
            tabIndex={0}
          >
            <h2 className={classes.slideTitle} id={`slide-title-${section.id}`}>
              {section.title}
            </h2>
            <ul className={classes.slideBullets}>
              {section.items.map((entry) => (
                <li key={entry.id}>
                  {entry.title ? <strong>{entry.title}</strong> : null}
                  {entry.title && entry.content ? ': ' : null}
                  {entry.content}
                  {entry.imageUrl ? (
                    <img
                      className={classes.slideImage}
                      src={entry.imageUrl}
                      alt={t('lesson.imageAlt', { title: entry.title || section.title })}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <Text c="dimmed">{t('slides.empty')}</Text>
        )}
        <Group justify="center" gap="md">
          <Tooltip label={t('slides.previous')}>
            <ActionIcon
              variant="default"
              size="xl"
              radius="xl"
              aria-label={t('slides.previous')}
              disabled={index === 0}
              onClick={() => goTo(index - 1)}
            >
              <IconChevronLeft size={22} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} data-testid="slide-counter" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('slides.counter', { current: total === 0 ? 0 : current, total })}
          </Text>
          <Tooltip label={t('slides.next')}>
            <ActionIcon
              variant="default"
              size="xl"
              radius="xl"
              aria-label={t('slides.next')}
              disabled={index >= total - 1}
              onClick={() => goTo(index + 1)}
            >
              <IconChevronRight size={22} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={isFullscreen ? t('slides.exitFullscreen') : t('slides.fullscreen')}>
            <ActionIcon
              variant="default"
              size="xl"
              radius="xl"
              aria-label={isFullscreen ? t('slides.exitFullscreen') : t('slides.fullscreen')}
              aria-pressed={isFullscreen}
              onClick={toggle}
            >
              {isFullscreen ? <IconMinimize size={22} aria-hidden /> : <IconMaximize size={22} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Group>
        <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="slide-announcer">
          {section ? t('slides.announce', { current, total, title: section.title }) : ''}
        </VisuallyHidden>
      </section>
    </Stack>
  );
}

/** /tool/lesson-slide/{id} and /immersive/lesson-slide/{id}: the lesson as slides, one per section. */
export function LessonSlidesPage() {
  const { t } = useTranslation('toolViews');
  const params = useParams();
  const id = Number(params.id);
  const query = useLesson(id);
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto' }}>
      <ToolItemGate<LessonResult>
        id={id}
        query={query}
        messages={{
          loadFailed: t('lesson.loadFailed'),
          generationFailed: (message) => t('lesson.generationFailed', { message }),
          noData: t('lesson.noData'),
        }}
      >
        {(item) => <LessonSlides key={item.id} item={item} />}
      </ToolItemGate>
    </div>
  );
}
