import { Card, Text, ThemeIcon, Title } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import classes from './feature-card.module.css';

interface FeatureCardProps {
  icon: TablerIcon;
  color?: string;
  title: string;
  body: string;
  headingLevel?: 3 | 4;
}

export function FeatureCard({ icon: Icon, color = 'sage', title, body, headingLevel = 3 }: FeatureCardProps) {
  return (
    <Card component="li" withBorder radius="lg" padding="lg" className={classes.card}>
      <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
        <Icon size={24} stroke={1.6} />
      </ThemeIcon>
      <Title order={headingLevel} fz="lg" mt="md" mb={6}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.7}>
        {body}
      </Text>
    </Card>
  );
}
