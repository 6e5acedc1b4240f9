import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Tool } from '@ssaem/contracts/tools';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isPanelTool, useToolList } from '../../tools/api';
import { ToolIcon } from '../../tools/components/tool-icon';

const SHOWN = 6;
/** The tools index (its own page imports the panels; only the path is needed here). */
const TOOLS_INDEX_PATH = '/v2/tool/list';

/** Where a catalogue entry opens: a link tool's page, or the tools index with its panel open. */
export function toolDestination(tool: Pick<Tool, 'kind' | 'route'>): string {
  if (tool.kind === 'link' && tool.route) return tool.route.startsWith('/') ? tool.route : `/${tool.route}`;
  if (isPanelTool(tool.route)) return `${TOOLS_INDEX_PATH}?tool=${encodeURIComponent(tool.route)}`;
  return TOOLS_INDEX_PATH;
}

/** The first tools of the catalogue, each one click from its creation panel. */
export function MainTools() {
  const { t } = useTranslation('dashboard');
  const tools = useToolList();
  const navigate = useNavigate();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id={headingId}>
          {t('tools.title')}
        </Title>
        <Anchor component={Link} to={TOOLS_INDEX_PATH} size="sm">
          {t('tools.all')}
        </Anchor>
      </Group>
      {tools.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} aria-busy>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={64} radius="md" />
          ))}
        </SimpleGrid>
      ) : tools.isError ? (
        <Text size="sm" c="red">
          {t('tools.failed')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {tools.data.slice(0, SHOWN).map((tool) => (
            <li key={tool.id}>
              <UnstyledButton onClick={() => void navigate(toolDestination(tool))} w="100%" h="100%">
                <Card withBorder radius="md" padding="sm" h="100%">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={36} radius="md" color={tool.colour} variant="light">
                      <ToolIcon name={tool.icon} />
                    </ThemeIcon>
                    <Text fw={600} size="sm" lineClamp={2}>
                      {tool.label}
                    </Text>
                  </Group>
                </Card>
              </UnstyledButton>
            </li>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
