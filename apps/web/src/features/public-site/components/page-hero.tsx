import { Badge, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

interface PageHeroProps {
  eyebrow?: string;
  title: string;
  lead: string;
  actions?: ReactNode;
  footnote?: ReactNode;
  /** Decorative picture beside the text on wide screens. */
  aside?: ReactNode;
}

/** The opening of a public page; its title is the page's only h1. */
export function PageHero({ eyebrow, title, lead, actions, footnote, aside }: PageHeroProps) {
  return (
    <div className={classes.hero}>
      <Container size="lg" className={classes.inner} data-with-aside={Boolean(aside) || undefined}>
        <Stack gap="lg" className={classes.text}>
          {eyebrow && (
            <Badge variant="light" size="lg" radius="xl" className={classes.eyebrow}>
              {eyebrow}
            </Badge>
          )}
          <Title order={1}>{title}</Title>
          <Text size="xl" c="dimmed" lh={1.7}>
            {lead}
          </Text>
          {actions}
          {footnote}
        </Stack>
        {aside && (
          <div className={classes.aside} aria-hidden="true">
            {aside}
          </div>
        )}
      </Container>
    </div>
  );
}
