import '../../components/form-styles';
import { Card, Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UsersInfo } from '@ssaem/contracts/users';
import { useTranslation } from 'react-i18next';
import { hasRealmRole } from '../../lib/auth/auth-client';
import { formatDate } from '../../lib/format';
import { MyUsageCard } from '../admin/components/my-usage-card';
import { LicenceCard } from '../licences/components/licence-card';
import { LicenceKeyForm } from '../licences/components/licence-key-form';
import { LicenceList } from '../licences/components/licence-list';
import { useUsersInfo } from './api';
import { AiConnectionCard } from './components/ai-connection-card';
import { ProfileForm } from './components/profile-form';

function ProfileSummary({ info }: { info: UsersInfo }) {
  const { t, i18n } = useTranslation('account');
  const { userInfo, schoolInfo } = info;
  const grade = schoolInfo?.grades.find((item) => item.codeSeq === schoolInfo.assignedGrade);
  const rows: Array<[string, string | null | undefined]> = [
    [t('profile.fields.username'), userInfo.preferredUsername],
    [t('profile.fields.name'), userInfo.name],
    [t('profile.fields.email'), userInfo.email],
    [t('profile.fields.mobile'), userInfo.mobile],
    [t('profile.fields.school'), schoolInfo?.name],
    [t('profile.fields.assignedGrade'), grade?.name],
    [t('profile.fields.role'), userInfo.primaryRole ? t(`roles.${userInfo.primaryRole}`) : null],
    [t('profile.fields.createdAt'), formatDate(userInfo.createdAt, i18n.language)],
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** /my-info: profile, profile editing, licences and licence registration. */
export function MyInfoPage() {
  const { t } = useTranslation('account');
  const info = useUsersInfo();
  return (
    <Stack gap="xl" maw={880}>
      <title>{t('profile.meta')}</title>
      <Title order={1}>{t('profile.title')}</Title>
      {info.data ? (
        <>
          <Card withBorder radius="lg" padding="lg">
            <ProfileSummary info={info.data} />
          </Card>
          {hasRealmRole('ROLE_SUPER_ADMIN') ? <AiConnectionCard /> : null}
          <section aria-labelledby="profile-edit-title">
            <Title order={2} fz="h3" id="profile-edit-title" mb="sm">
              {t('profile.editTitle')}
            </Title>
            <ProfileForm key={info.dataUpdatedAt} info={info.data} />
          </section>
          <Divider />
          <MyUsageCard />
          <section aria-labelledby="licence-section-title">
            <Title order={2} fz="h3" id="licence-section-title" mb="sm">
              {t('licence.listTitle')}
            </Title>
            <Stack gap="md">
              <LicenceCard licence={info.data.licenseInfo} headingLevel={3} />
              <LicenceList />
              <div>
                <Title order={3} fz="h5" mb="xs">
                  {t('licence.registerTitle')}
                </Title>
                <LicenceKeyForm />
              </div>
            </Stack>
          </section>
        </>
      ) : (
        <Skeleton h={240} />
      )}
    </Stack>
  );
}
