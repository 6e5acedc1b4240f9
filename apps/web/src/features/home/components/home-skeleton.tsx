import '@mantine/core/styles/Skeleton.css';
import { SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type SkeletonKind = 'superAdmin' | 'admin' | 'teacher' | 'student';

/** Fixed names for a fixed number of grey blocks (they never reorder). */
const blockKeys = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, n) => `${prefix}-${n}`);

function CardBlocks({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {blockKeys('card', count).map((key) => (
        <Skeleton key={key} h={160} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** The ask box, the tool tiles and the four cards of recent work, as TeachingSections lays them out. */
function TeachingBlocks({ withStrip }: { withStrip: boolean }) {
  return (
    <>
      <Skeleton h={132} radius="lg" />
      <Stack gap="sm">
        <Skeleton h={22} w={140} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {blockKeys('tool', 6).map((key) => (
            <Skeleton key={key} h={58} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
      <CardBlocks count={4} />
      {withStrip ? <Skeleton h={200} radius="lg" /> : null}
    </>
  );
}

/**
 * The home's layout in grey while its one request is answered: the blocks stand where the
 * sections will, so nothing jumps when they arrive. The kind comes from the sign-in token's roles.
 */
export function HomeSkeleton({ kind }: { kind: SkeletonKind }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="xl" maw={1120} mx="auto" w="100%" role="status" aria-busy data-home-skeleton={kind}>
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Stack gap={8} aria-hidden>
        <Skeleton h={36} w="50%" />
        <Skeleton h={18} w="30%" />
      </Stack>
      <Stack gap="xl" aria-hidden>
        {kind === 'teacher' ? (
          <TeachingBlocks withStrip />
        ) : kind === 'student' ? (
          <CardBlocks count={2} />
        ) : (
          <>
            <Stack gap="sm">
              <Skeleton h={26} w={160} />
              <CardBlocks count={2} />
            </Stack>
            <Skeleton h={120} radius="lg" />
            <TeachingBlocks withStrip={false} />
          </>
        )}
      </Stack>
    </Stack>
  );
}
