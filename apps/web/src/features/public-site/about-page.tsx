import { Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHero } from './components/page-hero';
import { PageSection } from './components/page-section';

const PRINCIPLES = ['privacy', 'hwp', 'offline', 'school'] as const;

/** /about (core.md §2 route name About): what Ssaem is for, and what it keeps to. */
export function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <>
      <title>{t('about.meta')}</title>
      <PageHero title={t('about.title')} lead={t('about.lead')} />
      <PageSection title={t('about.principles.title')}>
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="lg"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {PRINCIPLES.map((id) => (
            <li key={id}>
              <Title order={3} fz="lg" mb={4}>
                {t(`about.principles.items.${id}.title`)}
              </Title>
              <Text c="dimmed" lh={1.7}>
                {t(`about.principles.items.${id}.body`)}
              </Text>
            </li>
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title={t('about.who.title')} tone="tinted">
        <Text lh={1.7} maw={720}>
          {t('about.who.body')}
        </Text>
      </PageSection>
      <Container size="lg" py="xl">
        <Group>
          <Button component={Link} to="/pricing" variant="light">
            {t('about.cta.pricing')}
          </Button>
          <Button component={Link} to="/contact">
            {t('about.cta.contact')}
          </Button>
        </Group>
      </Container>
    </>
  );
}
