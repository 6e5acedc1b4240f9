import { Alert, Button, CopyButton, Group, Image, Modal, Stack, TextInput } from '@mantine/core';
import type { ShareLink } from '@ssaem/contracts/library';
import { IconCopy, IconDownload, IconLink, IconQrcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast/toast-context';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { useQrCode, useShareLink } from '../api';

/** Share link (with a copy button and who can open it) and the QR code the server draws. */
export function SharePanel({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('library');
  const { t: tc } = useTranslation();
  const toast = useToast();
  const shareLink = useShareLink();
  const qrCode = useQrCode();
  const [link, setLink] = useState<ShareLink | null>(null);
  const [qrUrl, setQrUrl] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (qrUrl) URL.revokeObjectURL(qrUrl);
    },
    [qrUrl],
  );

  const handleLink = () =>
    shareLink.mutate(id, {
      onSuccess: setLink,
      onError: (error) => toast.show(apiErrorMessage(error, tc)),
    });

  const handleQr = () =>
    qrCode.mutate(id, {
      onSuccess: (blob) => setQrUrl(URL.createObjectURL(blob)),
      onError: (error) => toast.show(apiErrorMessage(error, tc)),
    });

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconLink size={16} aria-hidden />}
          onClick={handleLink}
          loading={shareLink.isPending}
        >
          {t('share.link')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconQrcode size={16} aria-hidden />}
          onClick={handleQr}
          loading={qrCode.isPending}
        >
          {t('share.qr')}
        </Button>
      </Group>
      {link ? (
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('share.linkLabel')}
              value={link.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={link.url}>
              {({ copy }) => (
                <Button
                  variant="light"
                  leftSection={<IconCopy size={16} aria-hidden />}
                  onClick={() => {
                    copy();
                    toast.show(t('share.linkCopied'));
                  }}
                >
                  {t('share.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert variant="light" color={link.public ? 'teal' : 'yellow'} p="xs">
            {link.public ? t('share.publicNote') : t('share.privateNote')}
          </Alert>
        </Stack>
      ) : null}
      <Modal opened={qrUrl !== null} onClose={() => setQrUrl(null)} title={t('share.qrTitle')} centered>
        {qrUrl ? (
          <Stack align="center" gap="md">
            <Image src={qrUrl} alt={t('share.qrAlt', { title })} w={240} h={240} fit="contain" />
            <Group>
              <Button
                component="a"
                href={qrUrl}
                download={`ssaem-library-${id}.png`}
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t('share.download')}
              </Button>
              <Button variant="default" onClick={() => setQrUrl(null)}>
                {t('share.close')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
