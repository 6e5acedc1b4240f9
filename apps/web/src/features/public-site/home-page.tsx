import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IntroDownloadButton } from '../../components/intro-download-button';
import { features } from '../../lib/features';
import { NoticeTeaser } from '../notices/components/notice-teaser';
import { AccountActions } from './components/account-actions';
import { PageHero } from './components/page-hero';
import classes from './home-page.module.css';

const EXPLORE = [
  { id: 'landing', to: '/landing' },
  { id: 'teacher', to: '/teacher' },
  { id: 'pricing', to: '/pricing' },
  { id: 'faq', to: '/landing#faq' },
] as const;

function ExploreLinks() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-explore">
      <Title order={2} fz="h3" id="home-explore" mb="md">
        {t('explore.title')}
      </Title>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" className={classes.explore}>
        {EXPLORE.map((item) => (
          <li key={item.id}>
            <Link to={item.to} className={classes.exploreLink}>
              <div>
                <Text fw={700}>{t(`explore.${item.id}.title`)}</Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`explore.${item.id}.body`)}
                </Text>
              </div>
              <ThemeIcon variant="light" radius="xl" aria-hidden>
                <IconArrowRight size={16} />
              </ThemeIcon>
            </Link>
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}

function IntroCard() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <Card
      component="section"
      withBorder
      radius="lg"
      padding="xl"
      aria-labelledby="home-intro"
      className={classes.intro}
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3" id="home-intro">
          {t('intro.title')}
        </Title>
        <Text lh={1.7}>{t('intro.body')}</Text>
        <IntroDownloadButton />
        <Text size="xs" c="dimmed">
          {t('download.introHint', { ns: 'common' })}
        </Text>
      </Stack>
    </Card>
  );
}

/** /home: the entry screen with ways in, the introduction to download and the latest notices. */
export function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <title>{t('meta')}</title>
      <PageHero title={t('hero.title')} lead={t('hero.lead')} />
      <Container size="lg">
        <div className={classes.layout}>
          <ExploreLinks />
          <Stack gap="lg">
            {features.auth && <AccountActions />}
            <IntroCard />
            <NoticeTeaser />
          </Stack>
        </div>
      </Container>
    </>
  );
}
