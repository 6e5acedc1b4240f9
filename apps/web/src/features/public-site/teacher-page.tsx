import { Anchor, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCheck, IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedIn } from '../../lib/session';
import { CardGrid } from './components/card-grid';
import { FeatureCard } from './components/feature-card';
import { PageHero } from './components/page-hero';
import { PageSection } from './components/page-section';
import { PLATFORM, TOOLS } from './components/tool-catalogue';
import classes from './teacher-page.module.css';

const DAY = ['morning', 'classes', 'afterSchool', 'meetings', 'term'] as const;
const HOW = ['fill', 'wait', 'polish'] as const;
const TRUST = ['pseudonym', 'offline', 'scopes', 'review'] as const;
const SHARED = PLATFORM.filter((item) => ['library', 'materials', 'documents'].includes(item.id));

function DaySection() {
  const { t } = useTranslation('teacher');
  return (
    <PageSection title={t('day.title')} lead={t('day.lead')}>
      <ol className={classes.timeline}>
        {DAY.map((step) => (
          <li key={step} className={classes.timelineItem}>
            <Group gap={6} c="sage.8" mb={4}>
              <IconClock size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {t(`day.steps.${step}.time`)}
              </Text>
            </Group>
            <Title order={3} fz="lg">
              {t(`day.steps.${step}.title`)}
            </Title>
            <Text c="dimmed" mt={4} lh={1.7}>
              {t(`day.steps.${step}.body`)}
            </Text>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}

function ToolsSection() {
  const { t } = useTranslation(['teacher', 'site']);
  return (
    <PageSection id="tools" title={t('tools.title')} lead={t('tools.lead')} tone="tinted">
      <CardGrid columns={2}>
        {TOOLS.map((tool) => (
          <FeatureCard
            key={tool.id}
            icon={tool.icon}
            color={tool.color}
            title={t(`tools.${tool.id}.name`, { ns: 'site' })}
            body={t(`tools.${tool.id}.detail`, { ns: 'site' })}
          />
        ))}
      </CardGrid>
    </PageSection>
  );
}

function HowSection() {
  const { t } = useTranslation('teacher');
  return (
    <PageSection title={t('how.title')}>
      <SimpleGrid component="ol" cols={{ base: 1, md: 3 }} spacing="lg" className={classes.steps}>
        {HOW.map((step, index) => (
          <Card component="li" key={step} withBorder radius="lg" padding="lg">
            <Text className={classes.stepNumber} aria-hidden>
              {index + 1}
            </Text>
            <Title order={3} fz="lg" mt="sm">
              {t(`how.steps.${step}.title`)}
            </Title>
            <Text c="dimmed" mt={6} lh={1.7}>
              {t(`how.steps.${step}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

function TogetherSection() {
  const { t } = useTranslation(['teacher', 'site']);
  return (
    <PageSection title={t('together.title')} lead={t('together.body')} tone="tinted">
      <CardGrid columns={3}>
        {SHARED.map((item) => (
          <FeatureCard
            key={item.id}
            icon={item.icon}
            title={t(`platform.${item.id}.name`, { ns: 'site' })}
            body={t(`platform.${item.id}.summary`, { ns: 'site' })}
          />
        ))}
      </CardGrid>
    </PageSection>
  );
}

function TrustSection() {
  const { t } = useTranslation('teacher');
  return (
    <PageSection title={t('trust.title')}>
      <List
        spacing="md"
        size="lg"
        icon={
          <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
            <IconCheck size={16} />
          </ThemeIcon>
        }
      >
        {TRUST.map((item) => (
          <List.Item key={item}>{t(`trust.items.${item}`)}</List.Item>
        ))}
      </List>
      <Title order={3} mt={48} mb="sm">
        {t('more.title')}
      </Title>
      <Group gap="lg">
        <Anchor component={Link} to="/landing#faq">
          {t('more.faq')}
        </Anchor>
        <Anchor component={Link} to="/pricing">
          {t('more.pricing')}
        </Anchor>
        <Anchor component={Link} to="/home">
          {t('more.home')}
        </Anchor>
      </Group>
    </PageSection>
  );
}

/** /teacher: the teacher-facing landing, organised around a school day. */
export function TeacherPage() {
  const { t } = useTranslation('teacher');
  const { t: tc } = useTranslation();
  // Teachers land here after signing in (core.md §2); the dashboard is one click away.
  const signedIn = isSignedIn();
  return (
    <>
      <title>{t('meta')}</title>
      <PageHero
        eyebrow={t('hero.eyebrow')}
        title={t('hero.title')}
        lead={t('hero.lead')}
        actions={
          <Group>
            {signedIn && (
              <Button component={Link} to="/dashboard" size="lg" rightSection={<IconArrowRight size={18} />}>
                {tc('auth.toDashboard')}
              </Button>
            )}
            <Button
              component={Link}
              to={{ hash: 'tools' }}
              variant={signedIn ? 'default' : 'filled'}
              size="lg"
              rightSection={<IconArrowRight size={18} />}
            >
              {t('hero.primary')}
            </Button>
            <Button component={Link} to="/pricing" size="lg" variant="default">
              {t('hero.secondary')}
            </Button>
          </Group>
        }
      />
      <DaySection />
      <ToolsSection />
      <HowSection />
      <TogetherSection />
      <TrustSection />
    </>
  );
}
