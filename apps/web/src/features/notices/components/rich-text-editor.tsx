import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Tooltip.css';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignLeft,
  IconAlignRight,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconBlockquote,
  IconBold,
  IconH2,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconStrikethrough,
  IconUnderline,
} from '@tabler/icons-react';
import TextAlign from '@tiptap/extension-text-align';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './notice-board.module.css';

/** What the server keeps of a notice (notice-html.ts): no colours, fonts or code blocks. */
export function noticeExtensions() {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      code: false,
      codeBlock: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        defaultProtocol: 'https',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
  ];
}

interface RichTextEditorProps {
  /** Read once: give the component a new `key` to load another text. */
  initialHtml: string;
  onChange: (html: string, isEmpty: boolean) => void;
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
}

/** Tiptap with the formatting a notice needs. */
export function RichTextEditor({
  initialHtml,
  onChange,
  labelId,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    extensions: noticeExtensions(),
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.getHTML(), current.isEmpty),
  });
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
      },
    });
  }, [editor, labelId, invalid, describedBy]);
  return (
    <div className={classes.editor}>
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} className={classes.editorContent} />
    </div>
  );
}

function Tool({
  label,
  icon,
  onClick,
  active,
  disabled,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={400}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? 'green' : 'gray'}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        // A mouse click keeps the caret in the text: without this the button takes focus and the
        // editor only gets it back a frame later, so the first keys typed after 굵게 are lost.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('notices');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      center: e.isActive({ textAlign: 'center' }),
      right: e.isActive({ textAlign: 'right' }),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const handleLink = () => {
    if (state.link) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt(t('editor.toolbar.linkPrompt'), 'https://')?.trim();
    if (!href || !/^(https?:\/\/|mailto:)/i.test(href)) return;
    chain().extendMarkRange('link').setLink({ href }).run();
  };
  const size = 16;
  return (
    <Group gap={2} className={classes.toolbar} role="toolbar" aria-label={t('editor.toolbar.label')}>
      <Tool
        label={t('editor.toolbar.bold')}
        icon={<IconBold size={size} />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <Tool
        label={t('editor.toolbar.italic')}
        icon={<IconItalic size={size} />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <Tool
        label={t('editor.toolbar.underline')}
        icon={<IconUnderline size={size} />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <Tool
        label={t('editor.toolbar.strike')}
        icon={<IconStrikethrough size={size} />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <Tool
        label={t('editor.toolbar.heading2')}
        icon={<IconH2 size={size} />}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <Tool
        label={t('editor.toolbar.heading3')}
        icon={<IconH3 size={size} />}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <Tool
        label={t('editor.toolbar.bulletList')}
        icon={<IconList size={size} />}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <Tool
        label={t('editor.toolbar.orderedList')}
        icon={<IconListNumbers size={size} />}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <Tool
        label={t('editor.toolbar.blockquote')}
        icon={<IconBlockquote size={size} />}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <Tool
        label={t('editor.toolbar.link')}
        icon={<IconLink size={size} />}
        active={state.link}
        onClick={handleLink}
      />
      <Tool
        label={t('editor.toolbar.alignLeft')}
        icon={<IconAlignLeft size={size} />}
        active={!state.center && !state.right}
        onClick={() => chain().setTextAlign('left').run()}
      />
      <Tool
        label={t('editor.toolbar.alignCenter')}
        icon={<IconAlignCenter size={size} />}
        active={state.center}
        onClick={() => chain().setTextAlign('center').run()}
      />
      <Tool
        label={t('editor.toolbar.alignRight')}
        icon={<IconAlignRight size={size} />}
        active={state.right}
        onClick={() => chain().setTextAlign('right').run()}
      />
      <Tool
        label={t('editor.toolbar.undo')}
        icon={<IconArrowBackUp size={size} />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <Tool
        label={t('editor.toolbar.redo')}
        icon={<IconArrowForwardUp size={size} />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
    </Group>
  );
}
