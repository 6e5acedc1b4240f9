import { ActionIcon, Tooltip } from '@mantine/core';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { rootDestination } from '../entry-routes';
import classes from './immersive-layout.module.css';

/**
 * Full-screen frame for results opened after generation (/immersive/...). Closing goes back to
 * where the teacher came from, or to the start when the page was opened directly.
 */
export function ImmersiveLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const handleClose = () => {
    // The first entry of a tab has the key "default": there is nothing in the app to go back to.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(rootDestination(), { replace: true });
  };

  return (
    <div className={classes.frame}>
      <div className={classes.toolbar}>
        <Tooltip label={t('immersive.close')} position="left">
          <ActionIcon
            variant="default"
            size="xl"
            radius="xl"
            onClick={handleClose}
            aria-label={t('immersive.close')}
          >
            <IconX size={22} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </div>
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
