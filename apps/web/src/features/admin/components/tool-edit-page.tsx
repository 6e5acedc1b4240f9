import { Alert, Anchor, Card, Container, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { groupCatalogue } from '../catalogue-tree';
import { useCatalogueTool, useToolCatalogue } from '../tool-catalogue-api';
import { TOOLS_ADMIN_PATH } from './tool-catalogue-page';
import { ToolForm } from './tool-form';

/**
 * /admin/tools/new (core.md §2 create-no-modal) and /admin/tools/:toolId/edit: the tool form on a
 * page of its own, for a long edit or a link to send to a colleague.
 */
export function ToolEditPage() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { toolId } = useParams();
  const id = toolId ? Number(toolId) : null;
  const catalogue = useToolCatalogue();
  const tool = useCatalogueTool(id);
  const title = id === null ? t('tools.create') : t('tools.edit');

  useEffect(() => {
    document.title = title;
  }, [title]);

  const back = () => navigate(TOOLS_ADMIN_PATH);
  const loading = catalogue.isPending || (id !== null && tool.isPending);
  const error = catalogue.error ?? (id !== null ? tool.error : null);

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Anchor component={Link} to={TOOLS_ADMIN_PATH} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden />
            {t('tools.back')}
          </Group>
        </Anchor>
        <Title order={1}>{title}</Title>
        {loading ? (
          <Skeleton h={480} radius="md" />
        ) : error ? (
          <Alert color="red" role="alert">
            {apiErrorMessage(error, tc)}
          </Alert>
        ) : (
          <Card withBorder radius="md" p="lg">
            <ToolForm
              key={tool.data?.id ?? 'new'}
              tool={id === null ? null : (tool.data ?? null)}
              groups={groupCatalogue(catalogue.data ?? []).map((group) => group.tool)}
              onCancel={back}
              onDone={(saved) => {
                toast.show(
                  id === null
                    ? t('tools.created', { label: saved.label })
                    : t('tools.updated', { label: saved.label }),
                );
                back();
              }}
            />
          </Card>
        )}
      </Stack>
    </Container>
  );
}
