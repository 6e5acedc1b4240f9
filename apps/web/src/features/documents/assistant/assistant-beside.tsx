import '@mantine/core/styles/Drawer.css';
import { Button, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './assistant.module.css';
import { DocumentAssistantPanel } from './document-assistant-panel';

/**
 * Whether the document's assistant is shown: beside the document on a wide screen from the start,
 * on a phone a drawer opened on demand. One state for the toggle button and the layout.
 */
export function useAssistantToggle() {
  const isPhone = useMediaQuery('(max-width: 62em)') ?? false;
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? !isPhone;
  return { isPhone, shown, beside: shown && !isPhone, setOpen };
}

export type AssistantToggle = ReturnType<typeof useAssistantToggle>;

/** The toolbar button that shows or hides the assistant. */
export function AssistantToggleButton({ toggle }: { toggle: AssistantToggle }) {
  const { t } = useTranslation('documents');
  return (
    <Button
      size="xs"
      variant={toggle.shown ? 'light' : 'default'}
      leftSection={<IconSparkles size={14} aria-hidden />}
      aria-pressed={toggle.shown}
      onClick={() => toggle.setOpen(!toggle.shown)}
    >
      {t('assistant.toggle')}
    </Button>
  );
}

/**
 * The editor (children) with its assistant: a column beside it on a wide screen, a bottom drawer on
 * a phone that closes after an insert so the change is in view.
 */
export function AssistantBeside({
  toggle,
  documentKey,
  editor,
  title,
  children,
}: {
  toggle: AssistantToggle;
  documentKey: string;
  editor: Editor | null;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('documents');
  return (
    <>
      <div className={toggle.beside ? classes.layout : undefined}>
        {children}
        {toggle.beside ? (
          <aside className={classes.aside}>
            <DocumentAssistantPanel documentKey={documentKey} editor={editor} title={title} />
          </aside>
        ) : null}
      </div>
      <Drawer
        opened={toggle.isPhone && toggle.shown}
        onClose={() => toggle.setOpen(false)}
        position="bottom"
        size="85%"
        title={t('assistant.title')}
        withinPortal
      >
        <DocumentAssistantPanel
          documentKey={documentKey}
          editor={editor}
          title={title}
          withHeading={false}
          onInserted={() => toggle.setOpen(false)}
        />
      </Drawer>
    </>
  );
}
