import '@mantine/core/styles/Badge.css';
import '../../../components/form-styles';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { EdutechProductDetail } from '@ssaem/contracts/edutech';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { RequireRoles } from '../../auth/require-roles';
import { usePendingProducts, useReviewProduct } from '../api';
import { ProductLogo } from './product-logo';

function Pending({ product }: { product: EdutechProductDetail }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const review = useReviewProduct();
  const [note, setNote] = useState('');
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={product.name}>
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ProductLogo name={product.name} logoUrl={product.logoUrl} category={product.category} />
          <div>
            <Anchor component={Link} to={`/edutech/${product.id}`} fw={700} c="inherit">
              {product.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {product.vendor?.name} · {t(`categories.${product.category}`)} · {product.pricePolicy}
            </Text>
          </div>
        </Group>
        <Text size="sm">{product.description}</Text>
        <TextInput
          size="xs"
          label={t('review.note')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
        />
        {review.isError && (
          <Alert color="red" role="alert">
            {apiErrorMessage(review.error, tc)}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            loading={review.isPending}
            onClick={() =>
              review.mutate({ id: product.id, body: { decision: 'APPROVE', ...(note ? { note } : {}) } })
            }
          >
            {t('review.approve')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={review.isPending}
            onClick={() =>
              review.mutate({ id: product.id, body: { decision: 'REJECT', ...(note ? { note } : {}) } })
            }
          >
            {t('review.reject')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Review() {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const pending = usePendingProducts();
  return (
    <Stack gap="lg">
      <title>{t('meta.review')}</title>
      <div>
        <Title order={1}>{t('review.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('review.intro')}
        </Text>
      </div>
      {pending.isPending ? (
        <Skeleton h={160} radius="lg" aria-busy />
      ) : pending.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(pending.error, tc)}
        </Alert>
      ) : pending.data.length === 0 ? (
        <Text c="dimmed">{t('review.empty')}</Text>
      ) : (
        pending.data.map((product) => <Pending key={product.id} product={product} />)
      )}
    </Stack>
  );
}

/** /edutech/review (super administrator): new products waiting for approval. */
export function ReviewPage() {
  return (
    <RequireRoles roles={['ROLE_SUPER_ADMIN']}>
      <Review />
    </RequireRoles>
  );
}
