import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** AI tools index; a tool without a page of its own opens there as ?tool=<route>. */
const TOOLS_INDEX = '/v2/tool/list';

// Routes as the tool catalogue names them (server seed tools.seed.ts).
export const CREATE_LINKS = [
  { id: 'evaluationPlan', to: `${TOOLS_INDEX}?tool=evaluation-plan` },
  { id: 'lessonPlan', to: '/create-lesson' },
  { id: 'feedback', to: `${TOOLS_INDEX}?tool=feedback` },
  { id: 'summary', to: `${TOOLS_INDEX}?tool=summary` },
  { id: 'parentLetter', to: `${TOOLS_INDEX}?tool=parent-letter` },
  { id: 'hwpEditor', to: '/immersive/document/editor' },
] as const;

/** Starts a new material with one of the AI tools (core.md §2 My Materials). */
export function CreateMenu() {
  const { t } = useTranslation('library');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          {t('my.create')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CREATE_LINKS.map((link) => (
          <Menu.Item key={link.id} component={Link} to={link.to}>
            {t(`my.createMenu.${link.id}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
