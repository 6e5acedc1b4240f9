import { Container, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import classes from './page-section.module.css';

interface PageSectionProps {
  /** Anchor target, e.g. "features" for /landing#features. */
  id?: string;
  title: string;
  lead?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

/** A titled band of a public page; the heading names the region for screen readers. */
export function PageSection({ id, title, lead, tone = 'plain', children }: PageSectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={classes.section} data-tone={tone}>
      <Container size="lg">
        <Stack gap="xs" mb="xl" maw={720}>
          <Title order={2} id={headingId}>
            {title}
          </Title>
          {lead && (
            <Text size="lg" c="dimmed">
              {lead}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </section>
  );
}
