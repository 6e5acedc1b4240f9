import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IntroDownloadButton } from '../../components/intro-download-button';
import { CardGrid } from './components/card-grid';
import { DraftIllustration } from './components/draft-illustration';
import { FaqList } from './components/faq-list';
import { FeatureCard } from './components/feature-card';
import { PageHero } from './components/page-hero';
import { PageSection } from './components/page-section';
import { CHAT_TOOL, DOCUMENT_TOOLS, PLATFORM } from './components/tool-catalogue';
import classes from './landing-page.module.css';

const SECTIONS = ['features', 'testimonials', 'faq'] as const;
const TESTIMONIALS = [
  'parentLetter',
  'feedback',
  'evaluationPlan',
  'minutes',
  'counsel',
  'groupPlay',
] as const;
const FAQ = ['privacy', 'offline', 'hwpx', 'sharing', 'licence', 'school'] as const;

function SectionNav() {
  const { t } = useTranslation('landing');
  return (
    <nav aria-label={t('sectionNav.label')} className={classes.sectionNav}>
      <Container size="lg">
        <ul className={classes.sectionNavList}>
          {SECTIONS.map((section) => (
            <li key={section}>
              <Link to={{ hash: section }} className={classes.sectionNavLink}>
                {t(`sectionNav.${section}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}

const ChatIcon = CHAT_TOOL.icon;

function FeaturesSection() {
  const { t } = useTranslation(['landing', 'site']);
  return (
    <PageSection id="features" title={t('features.title')} lead={t('features.lead')}>
      <Paper radius="lg" p="xl" mb={56} className={classes.chat}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={52} radius="md" color="sage" aria-hidden>
            <ChatIcon size={28} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={3} mb={6}>
              {t('tools.chat.name', { ns: 'site' })}
            </Title>
            <Text lh={1.8}>{t('tools.chat.detail', { ns: 'site' })}</Text>
          </div>
        </Group>
      </Paper>
      <Title order={3} mb="md">
        {t('features.toolsTitle')}
      </Title>
      <CardGrid columns={3}>
        {DOCUMENT_TOOLS.map((tool) => (
          <FeatureCard
            key={tool.id}
            icon={tool.icon}
            color={tool.color}
            title={t(`tools.${tool.id}.name`, { ns: 'site' })}
            body={t(`tools.${tool.id}.summary`, { ns: 'site' })}
            headingLevel={4}
          />
        ))}
      </CardGrid>
      <Title order={3} mt={56} mb="md">
        {t('features.platformTitle')}
      </Title>
      <CardGrid columns={3}>
        {PLATFORM.map((item) => (
          <FeatureCard
            key={item.id}
            icon={item.icon}
            title={t(`platform.${item.id}.name`, { ns: 'site' })}
            body={t(`platform.${item.id}.summary`, { ns: 'site' })}
            headingLevel={4}
          />
        ))}
      </CardGrid>
      <Paper radius="lg" p="xl" mt={56} className={classes.privacy}>
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ThemeIcon size={48} radius="md" color="sage" aria-hidden>
            <IconShieldLock size={26} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={3} mb={6}>
              {t('privacy.title')}
            </Title>
            <Text lh={1.8}>{t('privacy.body')}</Text>
          </div>
        </Group>
      </Paper>
    </PageSection>
  );
}

function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <PageSection
      id="testimonials"
      title={t('testimonials.title')}
      lead={t('testimonials.lead')}
      tone="tinted"
    >
      <CardGrid columns={3}>
        {TESTIMONIALS.map((id) => (
          <li key={id}>
            <figure className={classes.quote}>
              <blockquote className={classes.quoteText}>{t(`testimonials.items.${id}.quote`)}</blockquote>
              <figcaption className={classes.quoteRole}>{t(`testimonials.items.${id}.role`)}</figcaption>
            </figure>
          </li>
        ))}
      </CardGrid>
    </PageSection>
  );
}

function FaqSection() {
  const { t } = useTranslation('landing');
  const entries = FAQ.map((id) => ({
    id,
    question: t(`faq.items.${id}.question`),
    answer: t(`faq.items.${id}.answer`),
  }));
  return (
    <PageSection id="faq" title={t('faq.title')}>
      <FaqList entries={entries} />
    </PageSection>
  );
}

const EVENTS = ['fair2025', 'arena2025'] as const;

/** The public events (core.md §2: Fair2025, Arena2025), each leading to its page with the schedule and the form. */
function EventsSection() {
  const { t } = useTranslation('landing');
  return (
    <PageSection id="events" title={t('events.title')} lead={t('events.lead')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {EVENTS.map((slug) => (
          <Paper key={slug} withBorder radius="lg" p="lg">
            <Title order={3} fz="lg" mb={6}>
              {t(`events.items.${slug}.title`)}
            </Title>
            <Text c="dimmed" size="sm" lh={1.7} mb="md">
              {t(`events.items.${slug}.summary`)}
            </Text>
            <Anchor component={Link} to={`/events/${slug}`} fw={600}>
              {t('events.link')}
              <VisuallyHidden> — {t(`events.items.${slug}.title`)}</VisuallyHidden>
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}

function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg">
      <Paper radius="lg" p={{ base: 'xl', md: 48 }} className={classes.cta}>
        <Title order={2} c="white">
          {t('cta.title')}
        </Title>
        <Text size="lg" mt="sm" mb="xl" className={classes.ctaBody}>
          {t('cta.body')}
        </Text>
        <Group>
          <Button component={Link} to="/pricing" size="md" variant="white" color="sage">
            {t('cta.pricing')}
          </Button>
          <Button component={Link} to="/teacher" size="md" variant="outline" color="white">
            {t('cta.teacher')}
          </Button>
          <IntroDownloadButton size="md" variant="subtle" color="white" />
        </Group>
      </Paper>
    </Container>
  );
}

/**
 * /landing, the public main page (core.md §2 route name Main; /main leads here): what Ssaem does,
 * for a teacher deciding whether to try it.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <>
      <title>{t('meta')}</title>
      <PageHero
        eyebrow={t('hero.eyebrow')}
        title={t('hero.title')}
        lead={t('hero.lead')}
        actions={
          <Group>
            <Button
              component={Link}
              to={{ hash: 'features' }}
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
        footnote={
          <Text size="sm" c="dimmed">
            {t('hero.trust')}
          </Text>
        }
        aside={<DraftIllustration />}
      />
      <SectionNav />
      <FeaturesSection />
      <TestimonialsSection />
      <FaqSection />
      <EventsSection />
      <CallToAction />
    </>
  );
}
