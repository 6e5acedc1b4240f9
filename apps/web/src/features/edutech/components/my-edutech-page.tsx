import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { EDUTECH_LICENCE_TABS, type EdutechLicence } from '@ssaem/contracts/edutech';
import { IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { TEACHER_ROLES } from '../../../lib/auth/roles';
import { RequireRoles } from '../../auth/require-roles';
import { useDeleteLicence, useMyLicences, useUnlinked } from '../api';
import { BadgeRow, DdayBadge, SellerBadges } from './badges';
import { LicenceFormModal } from './licence-form-modal';
import { ProductLogo } from './product-logo';

type Tab = (typeof EDUTECH_LICENCE_TABS)[number];

function LicenceCard({ licence, onEdit }: { licence: EdutechLicence; onEdit: () => void }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const remove = useDeleteLicence();
  const [confirming, setConfirming] = useState(false);
  const title = licence.productId ? (
    <Anchor component={Link} to={`/edutech/${licence.productId}`} fw={700} c="inherit">
      {licence.name}
    </Anchor>
  ) : (
    <Text fw={700}>{licence.name}</Text>
  );
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={licence.name}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ProductLogo name={licence.name} logoUrl={licence.logoUrl} category={licence.category} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            {title}
            <BadgeRow>
              <DdayBadge daysLeft={licence.daysLeft} />
              {licence.linked ? (
                <Badge color="indigo" variant="light" leftSection={<IconLink size={12} aria-hidden />}>
                  {t('badges.linked')}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t('badges.manual')}
                </Badge>
              )}
              <SellerBadges badges={licence.badges} />
            </BadgeRow>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {licence.endOn
            ? t('my.period', { start: licence.startOn, end: licence.endOn })
            : t('my.periodUnlimited', { start: licence.startOn })}
        </Text>
        <Group gap="xs">
          {licence.siteUrl && (
            <Button
              component="a"
              href={licence.siteUrl}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
            >
              {t('detail.site')}
            </Button>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
          >
            {t('actions.update')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('my.deleteTitle')} centered>
        <Stack gap="sm">
          <Text>{t('my.deleteBody', { name: licence.name })}</Text>
          {remove.isError && (
            <Alert color="red" role="alert">
              {apiErrorMessage(remove.error, tc)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(licence.id, { onSuccess: () => setConfirming(false) })}
            >
              {t('actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function UnlinkedModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('edutech');
  const unlinked = useUnlinked(opened);
  const [product, setProduct] = useState<{ id: number; name: string } | null>(null);
  if (product) {
    return (
      <LicenceFormModal
        opened
        onClose={() => {
          setProduct(null);
          onClose();
        }}
        product={product}
      />
    );
  }
  return (
    <Modal opened={opened} onClose={onClose} title={t('my.unlinkedTitle')} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('my.unlinkedIntro')}
        </Text>
        {unlinked.isPending ? (
          <Skeleton h={80} />
        ) : (unlinked.data ?? []).length === 0 ? (
          <Text>{t('my.unlinkedEmpty')}</Text>
        ) : (
          (unlinked.data ?? []).map(({ product: p, colleagues }) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <ProductLogo name={p.name} logoUrl={p.logoUrl} category={p.category} size={32} />
                <div>
                  <Text fw={600} size="sm">
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('my.colleagues', { count: colleagues })}
                  </Text>
                </div>
              </Group>
              <Button size="xs" onClick={() => setProduct({ id: p.id, name: p.name })}>
                {t('actions.register')}
              </Button>
            </Group>
          ))
        )}
        <Group justify="space-between">
          <Anchor component={Link} to="/edutech" size="sm">
            {t('my.browse')}
          </Anchor>
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function LicenceList({ tab, onManual }: { tab: Tab; onManual: () => void }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const list = useMyLicences(tab);
  const [editing, setEditing] = useState<EdutechLicence | null>(null);
  if (list.isPending) return <Skeleton h={160} radius="lg" aria-busy />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(list.error, tc)}
      </Alert>
    );
  }
  if (list.data.items.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" gap="sm">
          <Text fw={600}>{tab === 'IN_USE' ? t('my.emptyInUse') : t('my.emptyUsedBefore')}</Text>
          {tab === 'IN_USE' && (
            <>
              <Text size="sm" c="dimmed" ta="center">
                {t('my.emptyHint')}
              </Text>
              <Group gap="xs" justify="center">
                <Button component={Link} to="/edutech">
                  {t('my.buy')}
                </Button>
                <Button variant="default" onClick={onManual}>
                  {t('my.manual')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {list.data.items.map((licence) => (
          <LicenceCard key={licence.id} licence={licence} onEdit={() => setEditing(licence)} />
        ))}
      </SimpleGrid>
      {editing && <LicenceFormModal opened licence={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function MyEdutech() {
  const { t } = useTranslation('edutech');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'USED_BEFORE' ? 'USED_BEFORE' : 'IN_USE';
  const counts = useMyLicences('IN_USE').data?.counts;
  const [manual, setManual] = useState(false);
  const [unlinked, setUnlinked] = useState(false);
  return (
    <Stack gap="lg">
      <title>{t('meta.my')}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{t('my.title')}</Title>
          <Text c="dimmed" mt={4}>
            {t('my.intro')}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={() => setUnlinked(true)}
          >
            {t('my.unlinked')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setManual(true)}>
            {t('my.manual')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => setParams(value === 'USED_BEFORE' ? { tab: value } : {})}>
        <Tabs.List aria-label={t('my.tabsLabel')}>
          {EDUTECH_LICENCE_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`my.tabs.${value}`)}
              {counts ? ` (${value === 'IN_USE' ? counts.inUse : counts.usedBefore})` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab} pt="md">
          <LicenceList tab={tab} onManual={() => setManual(true)} />
        </Tabs.Panel>
      </Tabs>
      {manual && <LicenceFormModal opened onClose={() => setManual(false)} />}
      <UnlinkedModal opened={unlinked} onClose={() => setUnlinked(false)} />
    </Stack>
  );
}

/** /my-edutech (core.md §2 My EduTech): licences in use and used before, with D-day badges. */
export function MyEdutechPage() {
  return (
    <RequireRoles roles={TEACHER_ROLES}>
      <MyEdutech />
    </RequireRoles>
  );
}
