import '@mantine/core/styles/Badge.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconHeart, IconHeartFilled, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { RequireRoles } from '../../auth/require-roles';
import { useLike, useProduct } from '../api';
import { BadgeRow, SellerBadges } from './badges';
import { CATALOGUE_ROLES } from './edutech-page';
import { LicenceFormModal } from './licence-form-modal';
import { ProductLogo } from './product-logo';

function Detail({ id }: { id: number }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const product = useProduct(id);
  const like = useLike(id);
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState(false);

  if (product.isPending) return <Skeleton h={320} radius="lg" aria-busy />;
  if (product.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {apiErrorMessage(product.error, tc)}
      </Alert>
    );
  }
  const p = product.data;
  const original = [p.originalCategory.major, p.originalCategory.middle, p.originalCategory.minor]
    .filter(Boolean)
    .join(' › ');
  return (
    <Stack gap="lg">
      <title>{t('meta.detail', { name: p.name })}</title>
      <Anchor component={Link} to="/edutech" size="sm">
        {t('detail.back')}
      </Anchor>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ProductLogo name={p.name} logoUrl={p.logoUrl} category={p.category} size={72} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} fz="h2">
            {p.name}
          </Title>
          <Text c="dimmed" size="sm">
            {p.vendor ? (
              <Anchor component={Link} to={`/edutech/vendors/${p.vendor.id}`} size="sm">
                {p.vendor.name}
              </Anchor>
            ) : (
              t('card.noVendor')
            )}
          </Text>
          <BadgeRow>
            <Badge variant="light">{t(`categories.${p.category}`)}</Badge>
            {p.inUse && (
              <Badge color="green" variant="filled">
                {t('badges.inUse')}
              </Badge>
            )}
            {p.serviceStatus === 'ENDED' && (
              <Badge color="gray" variant="filled">
                {t('badges.ended')}
              </Badge>
            )}
            {p.reviewStatus !== 'APPROVED' && (
              <Badge color="orange" variant="light">
                {t(`review.status.${p.reviewStatus}`)}
              </Badge>
            )}
            <SellerBadges badges={p.badges} />
          </BadgeRow>
        </Stack>
      </Group>
      <Group gap="sm">
        {p.abilities.like && (
          <Button
            variant={p.liked ? 'filled' : 'default'}
            color="pink"
            leftSection={
              p.liked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />
            }
            aria-pressed={p.liked}
            loading={like.isPending}
            onClick={() => like.mutate(!p.liked)}
          >
            {t('detail.like', { count: p.likeCount })}
          </Button>
        )}
        {p.abilities.register && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)}>
            {t('detail.register')}
          </Button>
        )}
        {p.siteUrl && (
          <Button
            component="a"
            href={p.siteUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('detail.site')}
          </Button>
        )}
      </Group>
      {registered && (
        <Alert color="green" variant="light" role="status">
          {t('detail.registered')}{' '}
          <Anchor component={Link} to="/my-edutech">
            {t('catalogue.myLink')}
          </Anchor>
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Text>{p.description}</Text>
          {p.screenshotUrl && (
            <img
              src={p.screenshotUrl}
              alt={t('detail.screenshot', { name: p.name })}
              loading="lazy"
              decoding="async"
              style={{ maxWidth: '100%', borderRadius: 12 }}
            />
          )}
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('detail.levels')}</Table.Th>
                <Table.Td>{p.levels.map((level) => t(`levels.${level}`)).join(', ')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('detail.price')}</Table.Th>
                <Table.Td>{p.pricePolicy}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('detail.inUseCount')}</Table.Th>
                <Table.Td>{t('detail.teachers', { count: p.inUseCount })}</Table.Td>
              </Table.Tr>
              {original && (
                <Table.Tr>
                  <Table.Th>{t('detail.original')}</Table.Th>
                  <Table.Td>{original}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      </Card>
      {registering && (
        <LicenceFormModal
          opened
          onClose={() => setRegistering(false)}
          product={{ id: p.id, name: p.name }}
          onSaved={() => setRegistered(true)}
        />
      )}
    </Stack>
  );
}

/** /edutech/:id: the product, with like, register as in use and the official site. */
export function ProductDetailPage() {
  const { id } = useParams();
  return (
    <RequireRoles roles={CATALOGUE_ROLES}>
      <Detail id={Number(id)} />
    </RequireRoles>
  );
}
