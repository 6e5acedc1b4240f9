import { Alert, Anchor, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { EdutechVendor } from '@ssaem/contracts/edutech';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { apiRequest } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { RequireRoles } from '../../auth/require-roles';
import { CATALOGUE_ROLES } from './edutech-page';
import { ProductCard } from './product-card';

function Profile({ id }: { id: number }) {
  const { t } = useTranslation('edutech');
  const { t: tc } = useTranslation();
  const vendor = useQuery({
    queryKey: ['edutech', 'vendors', id],
    queryFn: ({ signal }) => apiRequest<EdutechVendor>(`/api/v1/edutech/vendors/${id}`, { signal }),
    retry: false,
  });
  if (vendor.isPending) return <Skeleton h={200} radius="lg" aria-busy />;
  if (vendor.isError) {
    return (
      <Alert color="red" role="alert">
        {apiErrorMessage(vendor.error, tc)}
      </Alert>
    );
  }
  const company = vendor.data;
  return (
    <Stack gap="lg">
      <title>{t('meta.detail', { name: company.name })}</title>
      <Anchor component={Link} to="/edutech" size="sm">
        {t('detail.back')}
      </Anchor>
      <div>
        <Title order={1}>{company.name}</Title>
        <Text mt={4}>{company.description}</Text>
        {company.homepage && (
          <Anchor href={company.homepage} target="_blank" rel="noopener noreferrer" size="sm">
            {company.homepage}
          </Anchor>
        )}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {company.products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /edutech/vendors/:id: a company and its products in the catalogue. */
export function VendorProfilePage() {
  const { id } = useParams();
  return (
    <RequireRoles roles={CATALOGUE_ROLES}>
      <Profile id={Number(id)} />
    </RequireRoles>
  );
}
