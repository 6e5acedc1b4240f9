import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/ActionIcon.css';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Tool } from '@ssaem/contracts/tools';
import { IconEye, IconEyeOff, IconGripVertical, IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { ToolIcon } from '../../tools/components/tool-icon';
import { applyMove, groupCatalogue, planDrop, type ToolGroup } from '../catalogue-tree';
import { type ToolMove, useMoveTool, useSaveTool, useToolCatalogue } from '../tool-catalogue-api';
import { ConfirmModal } from './admin-ui';
import { ToolForm } from './tool-form';
// Its Korean texts choose particles by the word they are given (lib/korean-particles.ts).
import '../../../lib/korean-particles';

export const TOOLS_ADMIN_PATH = '/admin/tools';

function ToolRow({ tool, child, onToggle }: { tool: Tool; child: boolean; onToggle: (tool: Tool) => void }) {
  const { t } = useTranslation('admin');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: tool.id });
  const hidden = tool.useYn === 'N';
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      ml={child ? { base: 'md', sm: 'xl' } : 0}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : hidden ? 0.7 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
      data-testid={`tool-row-${tool.codeName}`}
    >
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={t('tools.dragHandle', { label: tool.label })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <ThemeIcon size={34} radius="md" color={tool.colour} variant="light">
          <ToolIcon name={tool.icon} size={18} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {tool.label}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {tool.codeName}
            </Text>
            {hidden && (
              <Badge size="xs" color="gray" variant="light">
                {t('tools.hiddenBadge')}
              </Badge>
            )}
            {tool.kind === 'link' && (
              <Badge size="xs" variant="outline">
                {t('tools.kind.link')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {tool.description || tool.route}
          </Text>
          {tool.visibleRoles && tool.visibleRoles.length < 5 && (
            <Text size="xs" c="dimmed">
              {t('tools.shownTo', {
                roles: tool.visibleRoles.map((role) => t(`roles.${role}`)).join(', '),
              })}
            </Text>
          )}
        </div>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={
              hidden
                ? t('tools.showLabel', { label: tool.label })
                : t('tools.hideLabel', { label: tool.label })
            }
            onClick={() => onToggle(tool)}
          >
            {hidden ? <IconEye size={18} aria-hidden /> : <IconEyeOff size={18} aria-hidden />}
          </ActionIcon>
          <ActionIcon
            component={Link}
            to={`${TOOLS_ADMIN_PATH}/${tool.id}/edit`}
            variant="subtle"
            aria-label={t('tools.editLabel', { label: tool.label })}
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function CatalogueGroup({ group, onToggle }: { group: ToolGroup; onToggle: (tool: Tool) => void }) {
  return (
    <Stack gap={6} component="li" style={{ listStyle: 'none' }}>
      <ToolRow tool={group.tool} child={false} onToggle={onToggle} />
      {group.children.length > 0 && (
        <SortableContext
          items={group.children.map((child) => child.id)}
          strategy={verticalListSortingStrategy}
        >
          <Stack gap={6} component="ul" p={0} m={0} aria-label={group.tool.label}>
            {group.children.map((child) => (
              <li key={child.id} style={{ listStyle: 'none' }}>
                <ToolRow tool={child} child onToggle={onToggle} />
              </li>
            ))}
          </Stack>
        </SortableContext>
      )}
    </Stack>
  );
}

/**
 * /admin/tools (core.md §2 /v2/tool list): the catalogue every school sees, as groups with their
 * children. Drag a tool (or pick it up with Space and move it with the arrow keys) to reorder it;
 * a group takes its children along; a tool dropped on a tool of another group moves there.
 */
export function ToolCataloguePage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const catalogue = useToolCatalogue();
  const move = useMoveTool();
  const toggle = useSaveTool();
  const [creating, setCreating] = useState(false);
  const [hiding, setHiding] = useState<Tool | null>(null);
  const [pending, setPending] = useState<ToolGroup[] | null>(null);
  const fetched = useMemo(() => groupCatalogue(catalogue.data ?? []), [catalogue.data]);
  const groups = pending ?? fetched;
  // The server's answer replaces the order shown while the move was on its way.
  const [shownFetch, setShownFetch] = useState(fetched);
  if (shownFetch !== fetched) {
    setShownFetch(fetched);
    setPending(null);
  }

  useEffect(() => {
    document.title = t('tools.title');
  }, [t]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const labelOf = (id: string | number) =>
    (catalogue.data ?? []).find((tool) => tool.id === Number(id))?.label ?? String(id);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const planned = planDrop(groups, Number(active.id), Number(over.id));
    if (!planned) {
      if (active.id !== over.id) toast.show(tc('errors.E_TOOL_NESTING'));
      return;
    }
    runMove(planned);
  };

  const runMove = (planned: ToolMove) => {
    setPending(applyMove(groups, planned));
    move.mutate(planned, {
      onSuccess: () => toast.show(t('tools.moved', { label: labelOf(planned.id) })),
      onError: () => setPending(null),
    });
  };

  const setShown = (tool: Tool, shown: boolean) =>
    toggle
      .mutateAsync({ id: tool.id, body: { useYn: shown ? 'Y' : 'N' } })
      .then((saved) => {
        setHiding(null);
        toast.show(
          shown
            ? t('tools.shownToast', { label: saved.label })
            : t('tools.hiddenToast', { label: saved.label }),
        );
      })
      .catch(() => setHiding(null));

  const topLevel = groups.map((group) => group.tool);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{t('tools.title')}</Title>
            <Text c="dimmed" mt={4}>
              {t('tools.intro')}
            </Text>
          </div>
          <Group gap="xs">
            <Anchor component={Link} to={`${TOOLS_ADMIN_PATH}/new`} size="sm">
              {t('tools.createFullPage')}
            </Anchor>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('tools.create')}
            </Button>
          </Group>
        </Group>
        {(move.error || toggle.error) && (
          <Alert color="red" role="alert">
            {apiErrorMessage(move.error ?? toggle.error, tc)}
          </Alert>
        )}
        {catalogue.isPending ? (
          <Stack gap={6} aria-busy>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} h={56} radius="md" />
            ))}
          </Stack>
        ) : catalogue.isError ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(catalogue.error, tc)}
          </Alert>
        ) : groups.length === 0 ? (
          <Card withBorder radius="md" p="xl" ta="center" role="status">
            <Text fw={600}>{t('tools.emptyTitle')}</Text>
            <Text c="dimmed" size="sm" mt={4}>
              {t('tools.emptyBody')}
            </Text>
          </Card>
        ) : (
          <>
            <Text size="sm" c="dimmed" id="tool-order-help">
              {t('tools.orderHelp')}
            </Text>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                screenReaderInstructions: { draggable: t('tools.dragInstructions') },
                announcements: {
                  onDragStart: ({ active }) => t('tools.announce.start', { label: labelOf(active.id) }),
                  onDragOver: ({ active, over }) =>
                    over
                      ? t('tools.announce.over', { label: labelOf(active.id), over: labelOf(over.id) })
                      : undefined,
                  onDragEnd: ({ active, over }) =>
                    over
                      ? t('tools.announce.end', { label: labelOf(active.id), over: labelOf(over.id) })
                      : t('tools.announce.cancel', { label: labelOf(active.id) }),
                  onDragCancel: ({ active }) => t('tools.announce.cancel', { label: labelOf(active.id) }),
                },
              }}
            >
              <SortableContext items={topLevel.map((tool) => tool.id)} strategy={verticalListSortingStrategy}>
                <Stack
                  gap="sm"
                  component="ul"
                  p={0}
                  m={0}
                  aria-label={t('tools.title')}
                  aria-describedby="tool-order-help"
                >
                  {groups.map((group) => (
                    <CatalogueGroup
                      key={group.tool.id}
                      group={group}
                      onToggle={(tool) => (tool.useYn === 'Y' ? setHiding(tool) : setShown(tool, true))}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
          </>
        )}
      </Stack>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('tools.create')} size="lg">
        <ToolForm
          tool={null}
          groups={topLevel}
          onCancel={() => setCreating(false)}
          onDone={(saved) => {
            setCreating(false);
            toast.show(t('tools.created', { label: saved.label }));
          }}
        />
      </Modal>
      <ConfirmModal
        opened={hiding !== null}
        title={t('tools.hideTitle')}
        body={t('tools.hideBody', { label: hiding?.label ?? '' })}
        confirmLabel={t('tools.hide')}
        loading={toggle.isPending}
        onConfirm={() => hiding && setShown(hiding, false)}
        onClose={() => setHiding(null)}
      />
    </Container>
  );
}
