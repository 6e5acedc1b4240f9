import '@mantine/core/styles/NumberInput.css';
import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Text } from '@mantine/core';
import {
  DEFAULT_PAGE_MARGINS_MM,
  FONT_FACES,
  FONT_SIZES_PT,
  LINE_HEIGHTS_PERCENT,
  PAGE_MARGIN_RANGE_MM,
  PAGE_MARGIN_SIDES,
  PARAGRAPH_SPACINGS_PT,
  type PageMargins,
} from '@ssaem/documents/document-style';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fontFaceOf, fontSizeOf, lineHeightOf, pageMarginsOf, spacingOf } from '../editor/typography';
import classes from './document.module.css';

/*
 * Font face, size, line spacing and paragraph spacing as native selects (the keyboard and screen
 * readers know them), and the page margins in a dialog. An empty choice ("기본") removes the
 * setting, so the text goes back to what the document would show without it.
 */

const DEFAULT = '';

/** The list, with the current value added when a file brought one the list does not hold. */
function withCurrent(values: readonly number[], current: number | undefined): number[] {
  return current === undefined || values.includes(current)
    ? [...values]
    : [...values, current].sort((a, b) => a - b);
}

interface SelectProps {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  width: number;
}

function ToolbarSelect({ label, value, options, onChange, width }: SelectProps) {
  return (
    <NativeSelect
      aria-label={label}
      title={label}
      size="xs"
      w={width}
      value={value}
      data={options}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export function TypographyControls({ editor }: { editor: Editor }) {
  const { t } = useTranslation('documents');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const text = current.getAttributes('textStyle');
      const block = current.isActive('heading')
        ? current.getAttributes('heading')
        : current.getAttributes('paragraph');
      return {
        fontFamily: fontFaceOf(text.fontFamily) ?? DEFAULT,
        fontSize: fontSizeOf(text.fontSize),
        lineHeight: lineHeightOf(block.lineHeight),
        spaceBefore: spacingOf(block.spaceBefore),
        spaceAfter: spacingOf(block.spaceAfter),
      };
    },
  });
  const chain = () => editor.chain().focus();
  const defaultOption = { value: DEFAULT, label: t('typography.default') };
  const numberOption = (unit: string) => (value: number) => ({
    value: String(value),
    label: `${value}${unit}`,
  });
  const setText = (attrs: Record<string, unknown>) =>
    chain().setMark('textStyle', attrs).removeEmptyTextStyle().run();
  const setParagraph = (attrs: Record<string, unknown>) =>
    chain().updateAttributes('paragraph', attrs).updateAttributes('heading', attrs).run();
  const numberOrNull = (value: string) => (value === DEFAULT ? null : Number(value));

  return (
    <Group gap={4} wrap="wrap" className={classes.typography}>
      <ToolbarSelect
        label={t('typography.fontFamily')}
        width={128}
        value={state.fontFamily}
        options={[defaultOption, ...FONT_FACES.map((face) => ({ value: face, label: face }))]}
        onChange={(value) => setText({ fontFamily: value === DEFAULT ? null : value })}
      />
      <ToolbarSelect
        label={t('typography.fontSize')}
        width={76}
        value={state.fontSize === undefined ? DEFAULT : String(state.fontSize)}
        options={[defaultOption, ...withCurrent(FONT_SIZES_PT, state.fontSize).map(numberOption('pt'))]}
        onChange={(value) => setText({ fontSize: numberOrNull(value) })}
      />
      <ToolbarSelect
        label={t('typography.lineHeight')}
        width={84}
        value={state.lineHeight === undefined ? DEFAULT : String(state.lineHeight)}
        options={[
          defaultOption,
          ...withCurrent(LINE_HEIGHTS_PERCENT, state.lineHeight).map(numberOption('%')),
        ]}
        onChange={(value) => setParagraph({ lineHeight: numberOrNull(value) })}
      />
      <ToolbarSelect
        label={t('typography.spaceBefore')}
        width={84}
        value={state.spaceBefore === undefined ? DEFAULT : String(state.spaceBefore)}
        options={[
          { value: DEFAULT, label: t('typography.spaceBeforeDefault') },
          ...withCurrent(PARAGRAPH_SPACINGS_PT, state.spaceBefore).map(numberOption('pt')),
        ]}
        onChange={(value) => setParagraph({ spaceBefore: numberOrNull(value) })}
      />
      <ToolbarSelect
        label={t('typography.spaceAfter')}
        width={84}
        value={state.spaceAfter === undefined ? DEFAULT : String(state.spaceAfter)}
        options={[
          { value: DEFAULT, label: t('typography.spaceAfterDefault') },
          ...withCurrent(PARAGRAPH_SPACINGS_PT, state.spaceAfter).map(numberOption('pt')),
        ]}
        onChange={(value) => setParagraph({ spaceAfter: numberOrNull(value) })}
      />
    </Group>
  );
}

/** The document's page margins (mm) as the editor holds them, for the sheet and the dialog. */
export function useDocumentMargins(editor: Editor): PageMargins | undefined {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => pageMarginsOf(current.state.doc.attrs.margins),
  });
}

interface MarginsDialogProps {
  editor: Editor;
  opened: boolean;
  onClose: () => void;
}

/** Page margins per document, in mm, with 한글's defaults one click away. */
export function PageMarginsDialog({ editor, opened, onClose }: MarginsDialogProps) {
  const { t } = useTranslation('documents');
  return (
    <Modal opened={opened} onClose={onClose} title={t('typography.margins.title')}>
      {/* The modal mounts its content only while open, so each opening starts from the document. */}
      <PageMarginsForm editor={editor} onDone={onClose} />
    </Modal>
  );
}

function PageMarginsForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('documents');
  const [draft, setDraft] = useState<PageMargins>(
    () => pageMarginsOf(editor.state.doc.attrs.margins) ?? DEFAULT_PAGE_MARGINS_MM,
  );
  const apply = () => {
    editor
      .chain()
      .focus()
      .command(({ tr }) => {
        tr.setDocAttribute('margins', draft);
        return true;
      })
      .run();
    onDone();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('typography.margins.hint')}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        {PAGE_MARGIN_SIDES.map((side) => (
          <NumberInput
            key={side}
            label={t(`typography.margins.${side}`)}
            suffix=" mm"
            min={PAGE_MARGIN_RANGE_MM.min}
            max={PAGE_MARGIN_RANGE_MM.max}
            step={1}
            decimalScale={1}
            clampBehavior="strict"
            value={draft[side]}
            onChange={(value) =>
              setDraft((previous) => ({
                ...previous,
                [side]: typeof value === 'number' ? value : DEFAULT_PAGE_MARGINS_MM[side],
              }))
            }
          />
        ))}
      </SimpleGrid>
      <Group justify="space-between" mt="lg">
        <Button variant="subtle" onClick={() => setDraft(DEFAULT_PAGE_MARGINS_MM)}>
          {t('typography.margins.reset')}
        </Button>
        <Button type="submit">{t('typography.margins.apply')}</Button>
      </Group>
    </form>
  );
}
