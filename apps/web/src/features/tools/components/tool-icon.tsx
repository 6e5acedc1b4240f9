import {
  IconBallFootball,
  IconBrush,
  IconClipboardCheck,
  IconFilePlus,
  IconFileText,
  IconHeartHandshake,
  IconListCheck,
  IconMail,
  IconMessageCheck,
  IconMessageCircle,
  IconNotes,
  IconPresentation,
  IconPuzzle,
  IconScript,
  IconSparkles,
  IconTextSpellcheck,
  IconUsers,
} from '@tabler/icons-react';

// The catalogue names its icons (server seed tools.seed.ts); an unknown name gets the sparkles.
const ICONS = {
  'clipboard-check': IconClipboardCheck,
  presentation: IconPresentation,
  notes: IconNotes,
  'message-check': IconMessageCheck,
  'spell-check': IconTextSpellcheck,
  mail: IconMail,
  users: IconUsers,
  puzzle: IconPuzzle,
  'ball-football': IconBallFootball,
  'heart-handshake': IconHeartHandshake,
  'message-circle': IconMessageCircle,
  script: IconScript,
  'file-text': IconFileText,
  'file-plus': IconFilePlus,
  brush: IconBrush,
  'list-check': IconListCheck,
} as const;

/** The icon names an administrator can give a tool. */
export const TOOL_ICON_NAMES = Object.keys(ICONS) as (keyof typeof ICONS)[];

export function ToolIcon({ name, size = 22 }: { name: string; size?: number }) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? IconSparkles;
  return <Icon size={size} aria-hidden />;
}
