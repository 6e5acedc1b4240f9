import '../../../components/form-styles';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ActionIcon.css';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Chip,
  Grid,
  Group,
  Menu,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { type Folder, MATERIAL_TYPES, MY_MATERIAL_TABS } from '@ssaem/contracts/library';
import { IconDots, IconFolder, IconFolderPlus, IconFolderX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChipFieldset } from '../../../components/chip-fieldset';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useRecentLibrary, useSharedRecentLibrary } from '../../library/api';
import { LibraryCard } from '../../library/components/library-card';
import { isMaterialType } from '../../library/material-type';
import { formatTotal } from '../../library/search-params';
import {
  type MyMaterialsParams,
  type MyMaterialsTab,
  useCreateFolder,
  useDeleteFolder,
  useFolders,
  useMoveToFolder,
  useMyMaterials,
  useRenameFolder,
} from '../api';
import { buildFolderTree, currentSchoolYear, type FolderNode, flattenFolderTree } from '../folder-tree-model';
import { CreateMenu } from './create-menu';
import { DeleteFolderModal } from './delete-folder-modal';
import { FolderNameModal } from './folder-name-modal';
import { FolderTree } from './folder-tree';
import { RecentList } from './recent-list';

/** The year selector offers the current school year and a few before it. */
const YEARS_SHOWN = 5;

function readParams(params: URLSearchParams): MyMaterialsParams {
  const result: MyMaterialsParams = {
    tab: MY_MATERIAL_TABS.find((tab) => tab === params.get('tab')) ?? 'CREATED',
  };
  const year = Number(params.get('year'));
  if (Number.isInteger(year) && year >= 2000 && year <= 2100) result.year = year;
  const type = params.get('materialType') ?? '';
  if (isMaterialType(type)) result.materialType = type;
  const folderId = Number(params.get('folderId'));
  if (Number.isInteger(folderId) && folderId > 0) result.folderId = folderId;
  return result;
}

function writeParams(values: MyMaterialsParams): URLSearchParams {
  const params = new URLSearchParams();
  if (values.year) params.set('year', String(values.year));
  if (values.tab !== 'CREATED') params.set('tab', values.tab);
  if (values.materialType) params.set('materialType', values.materialType);
  if (values.folderId) params.set('folderId', String(values.folderId));
  return params;
}

function MoveMenu({
  itemId,
  title,
  folders,
  onMove,
}: {
  itemId: number;
  title: string;
  folders: FolderNode[];
  onMove: (libraryId: number, folderId: number | null) => void;
}) {
  const { t } = useTranslation('library');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('card.actions', { title })}>
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('my.moveTo')}</Menu.Label>
        {folders.map((folder) => (
          <Menu.Item
            key={folder.id}
            leftSection={<IconFolder size={14} aria-hidden />}
            onClick={() => onMove(itemId, folder.id)}
            style={{ paddingInlineStart: `calc(0.75rem + ${folder.depth} * 0.75rem)` }}
          >
            {folder.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconFolderX size={14} aria-hidden />} onClick={() => onMove(itemId, null)}>
          {t('my.moveToRoot')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function MaterialList({ params, folders }: { params: MyMaterialsParams; folders: FolderNode[] }) {
  const { t, i18n } = useTranslation('library');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const list = useMyMaterials(params);
  const move = useMoveToFolder();

  const handleMove = (libraryId: number, folderId: number | null) =>
    move.mutate(
      { folderId, libraryIds: [libraryId] },
      {
        onSuccess: () => toast.show(t('my.moved')),
        onError: (error) => toast.show(apiErrorMessage(error, tc)),
      },
    );

  if (list.isPending) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton h={20} w={160} />
        <Skeleton h={140} />
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <Alert color="red" variant="light" title={t('my.failed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{apiErrorMessage(list.error, tc)}</Text>
          <Button size="xs" variant="default" onClick={() => list.refetch()}>
            {t('list.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const first = list.data.pages[0];
  const items = list.data.pages.flatMap((page) => page.items);
  const total = first ? formatTotal(first.total, first.totalCapped, i18n.language) : '0';
  return (
    <Stack gap="md">
      <Text role="status" aria-live="polite" fw={600}>
        {t('my.total', { year: first?.year ?? params.year ?? currentSchoolYear(), total })}
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {t('my.empty')}
        </Text>
      ) : (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, md: 2 }}
          spacing="md"
          aria-label={t('my.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => (
            <li key={item.id}>
              <LibraryCard
                item={item}
                headingLevel={3}
                actions={
                  <MoveMenu itemId={item.id} title={item.title} folders={folders} onMove={handleMove} />
                }
              />
            </li>
          ))}
        </SimpleGrid>
      )}
      {list.hasNextPage ? (
        <Center>
          <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}

/** /my-materials (core.md §2 My Materials). */
export function MyMaterialsPage() {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const folders = useFolders();
  const createFolder = useCreateFolder();
  const renameFolder = useRenameFolder();
  const deleteFolder = useDeleteFolder();
  const recent = useRecentLibrary(5);
  const sharedRecent = useSharedRecentLibrary(5);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Folder | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);

  const tree = useMemo(() => buildFolderTree(folders.data ?? []), [folders.data]);
  const flatFolders = useMemo(() => flattenFolderTree(tree), [tree]);
  const selectedFolder = flatFolders.find((folder) => folder.id === params.folderId);

  const update = (patch: Partial<MyMaterialsParams>) => setSearchParams(writeParams({ ...params, ...patch }));

  const thisYear = currentSchoolYear();
  const years = Array.from({ length: YEARS_SHOWN }, (_, i) => thisYear - i);
  if (params.year && !years.includes(params.year)) years.push(params.year);

  const handleDelete = (deleteType: 'MOVE_TO_ROOT' | 'DELETE_CONTENTS') => {
    if (!deleting) return;
    const folder = deleting;
    deleteFolder.mutate(
      { id: folder.id, deleteType },
      {
        onSuccess: () => {
          toast.show(t('folders.deleted'));
          setDeleting(null);
          if (params.folderId === folder.id) update({ folderId: undefined });
        },
        onError: (error) => toast.show(apiErrorMessage(error, tc)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <title>{t('meta.myMaterials')}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{t('my.title')}</Title>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconFolderPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            {t('folders.new')}
          </Button>
          <CreateMenu />
        </Group>
      </Group>

      <Group align="flex-end" gap="md">
        <NativeSelect
          label={t('my.year')}
          data={years.map((year) => ({ value: String(year), label: t('my.yearOption', { year }) }))}
          value={String(params.year ?? thisYear)}
          onChange={(event) => update({ year: Number(event.currentTarget.value) })}
          w={180}
        />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <section aria-labelledby="my-folders-title">
            <Title order={2} fz="h5" id="my-folders-title" mb="xs">
              {t('folders.title')}
            </Title>
            {folders.isPending ? (
              <Skeleton h={80} />
            ) : (
              <>
                <FolderTree
                  tree={tree}
                  selectedId={params.folderId}
                  onSelect={(folderId) => update({ folderId })}
                  onRename={setRenaming}
                  onDelete={setDeleting}
                />
                {tree.length === 0 ? (
                  <Text size="sm" c="dimmed" mt="xs">
                    {t('folders.empty')}
                  </Text>
                ) : null}
              </>
            )}
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Tabs value={params.tab} onChange={(value) => value && update({ tab: value as MyMaterialsTab })}>
            <Tabs.List aria-label={t('my.tabsLabel')}>
              {MY_MATERIAL_TABS.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {t(`my.tabs.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Box mt="md">
              <ChipFieldset legend={t('my.typeFilter')}>
                <Chip.Group
                  multiple={false}
                  value={params.materialType ?? 'all'}
                  onChange={(value) => update({ materialType: isMaterialType(value) ? value : undefined })}
                >
                  <Group gap="xs">
                    <Chip value="all" variant="outline">
                      {t('my.types.all')}
                    </Chip>
                    {MATERIAL_TYPES.map((type) => (
                      <Chip key={type} value={type} variant="outline">
                        {t(`my.types.${type}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              </ChipFieldset>
            </Box>
            {MY_MATERIAL_TABS.map((tab) => (
              <Tabs.Panel key={tab} value={tab} pt="md">
                {tab === params.tab ? <MaterialList params={params} folders={flatFolders} /> : null}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RecentList title={t('my.recent')} empty={t('my.recentEmpty')} query={recent} />
        <RecentList title={t('my.sharedRecent')} empty={t('my.sharedRecentEmpty')} query={sharedRecent} />
      </SimpleGrid>

      <FolderNameModal
        opened={creating}
        title={t('folders.newTitle')}
        submitLabel={t('folders.create')}
        description={selectedFolder ? t('folders.inside', { name: selectedFolder.name }) : undefined}
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          await createFolder.mutateAsync({ name, parentId: selectedFolder?.id ?? null });
          toast.show(t('folders.created'));
        }}
      />
      <FolderNameModal
        opened={renaming !== null}
        title={t('folders.renameTitle')}
        submitLabel={t('folders.save')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return;
          await renameFolder.mutateAsync({ id: renaming.id, name });
          toast.show(t('folders.renamed'));
        }}
      />
      <DeleteFolderModal
        key={deleting?.id ?? 'none'}
        folder={deleting}
        pending={deleteFolder.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={handleDelete}
      />
    </Stack>
  );
}
