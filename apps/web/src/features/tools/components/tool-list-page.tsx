import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Alert.css';
import {
  Alert,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Tool } from '@ssaem/contracts/tools';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { isPanelTool, isRecreateTool, type PanelTool, useToolList } from '../api';
import { ToolPanelHost } from '../panel/tool-panel-host';
import { indexSections } from '../tool-groups';
import { ToolIcon } from './tool-icon';

export const TOOLS_INDEX_PATH = '/v2/tool/list';

/** A `link` tool's route is a path of this app; a bare name is taken as one under the root. */
function linkPath(route: string): string {
  return route.startsWith('/') ? route : `/${route}`;
}

/**
 * The AI tools index (core.md §2): the catalogue as cards. A button tool opens its creation panel
 * (also from `?tool=<route>`, in recreate mode with `&recreate=<id>`), a link tool goes to its page; a tool this client cannot open yet
 * logs an error and only says it is coming (document-tools.md §1).
 * `panel` opens one panel from the route itself (/create-lesson); closing it returns to the index.
 */
export function ToolListPage({ panel }: { panel?: PanelTool } = {}) {
  const { t } = useTranslation('tools');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const tools = useToolList();
  const [params, setParams] = useSearchParams();
  const requested = panel ?? params.get('tool');
  const openTool = isPanelTool(requested) ? requested : null;
  // `?tool=<route>&recreate=<id>`: a studio tool's panel makes that document again.
  const recreate = Number(params.get('recreate'));
  const recreateId = isRecreateTool(openTool) && Number.isInteger(recreate) && recreate > 0 ? recreate : null;

  const reportedUnknown = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || isPanelTool(requested) || reportedUnknown.current === requested) return;
    reportedUnknown.current = requested;
    console.error(`No panel for tool route "${requested}"`);
    toast.show(t('index.comingSoon'));
  }, [requested, t, toast]);

  useEffect(() => {
    document.title = t('meta.index');
  }, [t]);

  const openPanel = (route: PanelTool) => {
    if (panel) {
      navigate(`${TOOLS_INDEX_PATH}?tool=${route}`);
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('tool', route);
      next.delete('recreate');
      return next;
    });
  };

  const closePanel = () => {
    if (panel) {
      navigate(TOOLS_INDEX_PATH);
      return;
    }
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('tool');
      next.delete('recreate');
      return next;
    });
  };

  const handleOpen = (tool: Tool) => {
    if (tool.kind === 'link' && tool.route) {
      navigate(linkPath(tool.route));
      return;
    }
    if (isPanelTool(tool.route)) {
      openPanel(tool.route);
      return;
    }
    console.error(`No panel for tool "${tool.codeName}" (route "${tool.route}")`);
    toast.show(t('index.comingSoon'));
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('index.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('index.intro')}
          </Text>
        </div>
        {tools.isLoading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy>
            {[0, 1, 2, 3, 4, 5].map((key) => (
              <Skeleton key={key} h={120} radius="md" />
            ))}
          </SimpleGrid>
        ) : tools.isError ? (
          <Alert role="alert" color="red" variant="light">
            {apiErrorMessage(tools.error, tc)}
          </Alert>
        ) : tools.data?.length === 0 ? (
          <Text c="dimmed" role="status" py="xl" ta="center">
            {t('index.empty')}
          </Text>
        ) : (
          indexSections(tools.data ?? []).map((section) => (
            <Stack key={section.group?.id ?? `run-${section.tools[0]?.id}`} gap="sm" component="section">
              {section.group && (
                <div>
                  <Title order={2} fz="h4">
                    {section.group.label}
                  </Title>
                  {section.group.description && (
                    <Text size="sm" c="dimmed">
                      {section.group.description}
                    </Text>
                  )}
                </div>
              )}
              <SimpleGrid
                cols={{ base: 1, sm: 2, md: 3 }}
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label={section.group?.label}
              >
                {section.tools.map((tool) => (
                  <li key={tool.id}>
                    <ToolCard tool={tool} onOpen={handleOpen} />
                  </li>
                ))}
              </SimpleGrid>
            </Stack>
          ))
        )}
      </Stack>
      <ToolPanelHost tool={openTool} onClose={closePanel} recreateId={recreateId} onOpen={openPanel} />
    </Container>
  );
}

function ToolCard({ tool, onOpen }: { tool: Tool; onOpen: (tool: Tool) => void }) {
  return (
    <UnstyledButton onClick={() => onOpen(tool)} w="100%" h="100%" aria-label={tool.label}>
      <Card withBorder radius="md" padding="lg" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" color={tool.colour} variant="light">
            <ToolIcon name={tool.icon} />
          </ThemeIcon>
          <div>
            <Text fw={700}>{tool.label}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {tool.description}
            </Text>
          </div>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** /create-lesson (the sidebar's Create Lesson): the index with the lesson panel open. */
export function CreateLessonPage() {
  return <ToolListPage panel="lesson" />;
}
