import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IntroDownloadButton } from '../../components/intro-download-button';
import { formatNumber } from '../../lib/format';
import { FaqList } from './components/faq-list';
import { PageHero } from './components/page-hero';
import { PageSection } from './components/page-section';
import { isUnlimited, monthlyEquivalent, PLANS, type Plan } from './plans';
import classes from './pricing-page.module.css';

const LICENCE_RULES = ['period', 'tokens', 'unlimited', 'afterwards'] as const;
const QUESTIONS = ['invoice', 'switch'] as const;

function useFormatters() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en-US' : 'ko-KR';
  return {
    amount: (value: number) => formatNumber(value, locale),
    // 3,000,000 reads as "300만" in Korean and "3M" in English.
    tokens: (value: number) => formatNumber(value, locale, { notation: 'compact' }),
  };
}

function PlanPrice({ plan }: { plan: Plan }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  if (plan.billing === 'free') {
    return <Text className={classes.price}>{t('price.free')}</Text>;
  }
  return (
    <div>
      <Group gap={8} align="baseline">
        <Text className={classes.price}>{t('price.amount', { amount: format.amount(plan.priceKrw) })}</Text>
        <Text c="dimmed">{t(`price.${plan.billing}`)}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('price.monthly', { amount: format.amount(monthlyEquivalent(plan)) })}
      </Text>
    </div>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const { t } = useTranslation('pricing');
  const format = useFormatters();
  const period = plan.periodDays >= 365 ? t('period.year') : t('period.days', { days: plan.periodDays });
  const tokens = isUnlimited(plan)
    ? t('tokens.unlimited')
    : t('tokens.limited', { amount: format.tokens(plan.tokenLimit) });
  return (
    <Card
      component="li"
      withBorder
      radius="lg"
      padding="xl"
      className={classes.plan}
      data-recommended={plan.recommended || undefined}
      aria-labelledby={`plan-${plan.id}`}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="center">
          <Title order={2} fz="h3" id={`plan-${plan.id}`}>
            {t(`plans.${plan.id}.name`)}
          </Title>
          {plan.recommended && (
            <Badge variant="filled" radius="xl">
              {t('recommended')}
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{t(`plans.${plan.id}.description`)}</Text>
        <PlanPrice plan={plan} />
        <div className={classes.allowance}>
          <Text fw={700}>{tokens}</Text>
          <Text size="sm" c="dimmed">
            {period}
          </Text>
        </div>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {plan.features.map((feature) => (
            <List.Item key={feature}>{t(feature)}</List.Item>
          ))}
        </List>
        {plan.id === 'trial' && (
          // The licence page starts the trial; signing in (or up) on the way comes back to it.
          <Button component={Link} to="/license-guide" variant="light" mt="auto">
            {t('plans.trial.cta')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /pricing: the three plans and how a licence is counted. */
export function PricingPage() {
  const { t } = useTranslation('pricing');
  const questions = QUESTIONS.map((id) => ({
    id,
    question: t(`questions.items.${id}.question`),
    answer: t(`questions.items.${id}.answer`),
  }));
  return (
    <>
      <title>{t('meta')}</title>
      <PageHero
        title={t('hero.title')}
        lead={t('hero.lead')}
        footnote={<Text c="dimmed">{t('hero.vat')}</Text>}
      />
      <Container size="lg">
        <SimpleGrid
          component="ul"
          cols={{ base: 1, md: 3 }}
          spacing="lg"
          aria-label={t('plansLabel')}
          className={classes.plans}
        >
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </SimpleGrid>
      </Container>
      <PageSection title={t('licence.title')}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="lg" className={classes.rules}>
          {LICENCE_RULES.map((rule) => (
            <div key={rule} className={classes.rule}>
              <dt>{t(`licence.items.${rule}.title`)}</dt>
              <dd>{t(`licence.items.${rule}.body`)}</dd>
            </div>
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title={t('questions.title')} tone="tinted">
        <FaqList entries={questions} />
      </PageSection>
      <PageSection title={t('cta.title')} lead={t('cta.body')}>
        <Group>
          <IntroDownloadButton size="md" />
          <Button component={Link} to="/teacher" size="md" variant="default">
            {t('cta.teacher')}
          </Button>
        </Group>
      </PageSection>
    </>
  );
}
