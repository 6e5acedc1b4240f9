import '@mantine/core/styles/InlineInput.css';
import { Button, Group, Radio, Stack, Switch } from '@mantine/core';
import { type LibraryDetail, VISIBILITIES, type Visibility } from '@ssaem/contracts/library';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useUpdateAccessSetting } from '../api';

/** The creator's settings: who can see the item and whether others may edit it into a copy. */
export function AccessSettings({ item }: { item: LibraryDetail }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const update = useUpdateAccessSetting();
  const [visibility, setVisibility] = useState<Visibility>(item.visibility);
  const [editable, setEditable] = useState(item.editable);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: item.id, visibility, editable },
      {
        onSuccess: () => toast.show(t('settings.saved')),
        onError: (error) => toast.show(apiErrorMessage(error, tc)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} aria-labelledby="library-settings-title">
      <Stack gap="md">
        <Radio.Group
          label={t('settings.visibility')}
          value={visibility}
          onChange={(value) => setVisibility(value as Visibility)}
        >
          <Group gap="md" mt="xs">
            {VISIBILITIES.map((value) => (
              <Radio key={value} value={value} label={t(`visibility.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Switch
          label={t('settings.editable')}
          checked={editable}
          onChange={(event) => setEditable(event.currentTarget.checked)}
        />
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
