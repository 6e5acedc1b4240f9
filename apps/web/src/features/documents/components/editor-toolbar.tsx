import { ActionIcon, Divider, Group, Tooltip } from '@mantine/core';
import {
  IconAlignCenter,
  IconAlignJustified,
  IconAlignLeft,
  IconAlignRight,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowMerge,
  IconArrowsSplit,
  IconBold,
  IconBoxMargin,
  IconColorSwatchOff,
  IconColumnInsertRight,
  IconColumnRemove,
  IconH1,
  IconH2,
  IconH3,
  IconItalic,
  IconLayoutNavbar,
  IconList,
  IconListNumbers,
  IconPageBreak,
  IconPhoto,
  IconPilcrow,
  IconRowInsertBottom,
  IconRowRemove,
  IconSeparatorHorizontal,
  IconStrikethrough,
  IconTableOff,
  IconTablePlus,
  IconUnderline,
} from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './document.module.css';
import { ImageDialog } from './image-dialog';
import { PageMarginsDialog, TypographyControls } from './typography-controls';

type Align = 'left' | 'center' | 'right' | 'justify';
const ALIGNS: { value: Align; icon: ReactNode }[] = [
  { value: 'left', icon: <IconAlignLeft size={18} aria-hidden /> },
  { value: 'center', icon: <IconAlignCenter size={18} aria-hidden /> },
  { value: 'right', icon: <IconAlignRight size={18} aria-hidden /> },
  { value: 'justify', icon: <IconAlignJustified size={18} aria-hidden /> },
];
const HEADINGS = [
  { level: 1, icon: <IconH1 size={18} aria-hidden /> },
  { level: 2, icon: <IconH2 size={18} aria-hidden /> },
  { level: 3, icon: <IconH3 size={18} aria-hidden /> },
] as const;

interface ToolProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  active?: boolean;
  disabled?: boolean;
}

function Tool({ label, icon, onClick, active, disabled }: ToolProps) {
  return (
    <Tooltip label={label} openDelay={400} withinPortal>
      <ActionIcon
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'blue' : 'gray'}
        size="lg"
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keep the editor's selection: a toolbar click must not take the focus first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

const DEFAULT_COLOR = '#000000';

/** Formatting, lists, tables (rows, columns, merge/split, header row), images and history. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('documents');
  const [imageOpen, setImageOpen] = useState(false);
  const [marginsOpen, setMarginsOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      paragraph: current.isActive('paragraph'),
      heading1: current.isActive('heading', { level: 1 }),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      color: (current.getAttributes('textStyle').color as string | undefined) ?? null,
      align: (['left', 'center', 'right', 'justify'] as const).find((value) =>
        current.isActive({ textAlign: value }),
      ),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      inTable: current.isActive('table'),
      canAddRow: current.can().addRowAfter(),
      canDeleteRow: current.can().deleteRow(),
      canAddColumn: current.can().addColumnAfter(),
      canDeleteColumn: current.can().deleteColumn(),
      canMerge: current.can().mergeCells(),
      canSplit: current.can().splitCell(),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div className={classes.toolbar} role="toolbar" aria-label={t('toolbar.label')}>
      <Group gap={2} wrap="wrap">
        <Tool
          label={t('toolbar.undo')}
          icon={<IconArrowBackUp size={18} aria-hidden />}
          onClick={() => chain().undo().run()}
          disabled={!state.canUndo}
        />
        <Tool
          label={t('toolbar.redo')}
          icon={<IconArrowForwardUp size={18} aria-hidden />}
          onClick={() => chain().redo().run()}
          disabled={!state.canRedo}
        />
        <Divider orientation="vertical" mx={4} />
        <Tool
          label={t('toolbar.paragraph')}
          icon={<IconPilcrow size={18} aria-hidden />}
          active={state.paragraph}
          onClick={() => chain().setParagraph().run()}
        />
        {HEADINGS.map(({ level, icon }) => (
          <Tool
            key={level}
            label={t('toolbar.heading', { level })}
            icon={icon}
            active={state[`heading${level}`]}
            onClick={() => chain().toggleHeading({ level }).run()}
          />
        ))}
        <Divider orientation="vertical" mx={4} />
        <TypographyControls editor={editor} />
        <Divider orientation="vertical" mx={4} />
        <Tool
          label={t('toolbar.bold')}
          icon={<IconBold size={18} aria-hidden />}
          active={state.bold}
          onClick={() => chain().toggleBold().run()}
        />
        <Tool
          label={t('toolbar.italic')}
          icon={<IconItalic size={18} aria-hidden />}
          active={state.italic}
          onClick={() => chain().toggleItalic().run()}
        />
        <Tool
          label={t('toolbar.underline')}
          icon={<IconUnderline size={18} aria-hidden />}
          active={state.underline}
          onClick={() => chain().toggleUnderline().run()}
        />
        <Tool
          label={t('toolbar.strike')}
          icon={<IconStrikethrough size={18} aria-hidden />}
          active={state.strike}
          onClick={() => chain().toggleStrike().run()}
        />
        <Tooltip label={t('toolbar.color')} openDelay={400} withinPortal>
          <input
            type="color"
            aria-label={t('toolbar.color')}
            value={state.color ?? DEFAULT_COLOR}
            onChange={(event) => chain().setColor(event.currentTarget.value).run()}
            style={{ width: 34, height: 30, padding: 2, border: 0, background: 'none', cursor: 'pointer' }}
          />
        </Tooltip>
        <Tool
          label={t('toolbar.clearColor')}
          icon={<IconColorSwatchOff size={18} aria-hidden />}
          onClick={() => chain().unsetColor().run()}
          disabled={!state.color}
        />
        <Divider orientation="vertical" mx={4} />
        {ALIGNS.map(({ value, icon }) => (
          <Tool
            key={value}
            label={t(`toolbar.align.${value}`)}
            icon={icon}
            active={state.align === value}
            onClick={() => chain().setTextAlign(value).run()}
          />
        ))}
        <Divider orientation="vertical" mx={4} />
        <Tool
          label={t('toolbar.bulletList')}
          icon={<IconList size={18} aria-hidden />}
          active={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        />
        <Tool
          label={t('toolbar.orderedList')}
          icon={<IconListNumbers size={18} aria-hidden />}
          active={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <Divider orientation="vertical" mx={4} />
        <Tool
          label={t('toolbar.insertTable')}
          icon={<IconTablePlus size={18} aria-hidden />}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <Tool
          label={t('toolbar.addRow')}
          icon={<IconRowInsertBottom size={18} aria-hidden />}
          onClick={() => chain().addRowAfter().run()}
          disabled={!state.canAddRow}
        />
        <Tool
          label={t('toolbar.deleteRow')}
          icon={<IconRowRemove size={18} aria-hidden />}
          onClick={() => chain().deleteRow().run()}
          disabled={!state.canDeleteRow}
        />
        <Tool
          label={t('toolbar.addColumn')}
          icon={<IconColumnInsertRight size={18} aria-hidden />}
          onClick={() => chain().addColumnAfter().run()}
          disabled={!state.canAddColumn}
        />
        <Tool
          label={t('toolbar.deleteColumn')}
          icon={<IconColumnRemove size={18} aria-hidden />}
          onClick={() => chain().deleteColumn().run()}
          disabled={!state.canDeleteColumn}
        />
        <Tool
          label={t('toolbar.mergeCells')}
          icon={<IconArrowMerge size={18} aria-hidden />}
          onClick={() => chain().mergeCells().run()}
          disabled={!state.canMerge}
        />
        <Tool
          label={t('toolbar.splitCell')}
          icon={<IconArrowsSplit size={18} aria-hidden />}
          onClick={() => chain().splitCell().run()}
          disabled={!state.canSplit}
        />
        <Tool
          label={t('toolbar.headerRow')}
          icon={<IconLayoutNavbar size={18} aria-hidden />}
          onClick={() => chain().toggleHeaderRow().run()}
          disabled={!state.inTable}
        />
        <Tool
          label={t('toolbar.deleteTable')}
          icon={<IconTableOff size={18} aria-hidden />}
          onClick={() => chain().deleteTable().run()}
          disabled={!state.inTable}
        />
        <Divider orientation="vertical" mx={4} />
        <Tool
          label={t('toolbar.image')}
          icon={<IconPhoto size={18} aria-hidden />}
          onClick={() => setImageOpen(true)}
        />
        <Tool
          label={t('toolbar.horizontalRule')}
          icon={<IconSeparatorHorizontal size={18} aria-hidden />}
          onClick={() => chain().setHorizontalRule().run()}
        />
        <Tool
          label={t('toolbar.pageBreak')}
          icon={<IconPageBreak size={18} aria-hidden />}
          onClick={() => chain().insertContent({ type: 'pageBreak' }).run()}
        />
        <Tool
          label={t('typography.margins.title')}
          icon={<IconBoxMargin size={18} aria-hidden />}
          onClick={() => setMarginsOpen(true)}
        />
      </Group>
      <PageMarginsDialog editor={editor} opened={marginsOpen} onClose={() => setMarginsOpen(false)} />
      <ImageDialog
        opened={imageOpen}
        onClose={() => setImageOpen(false)}
        onInsert={(src, alt) => {
          setImageOpen(false);
          chain()
            .setImage({ src, alt: alt || undefined })
            .run();
        }}
      />
    </div>
  );
}
