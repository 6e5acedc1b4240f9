import type { TablerIcon } from '@tabler/icons-react';
import {
  IconBallFootball,
  IconBooks,
  IconChalkboard,
  IconClipboardCheck,
  IconFileDescription,
  IconFileText,
  IconFolders,
  IconHeartHandshake,
  IconMail,
  IconMessageChatbot,
  IconMicrophone,
  IconPencilCheck,
  IconSparkles,
  IconSpeakerphone,
  IconTextSpellcheck,
  IconUsersGroup,
} from '@tabler/icons-react';

type Icon = TablerIcon;

export type ToolId =
  | 'chat'
  | 'evaluationPlan'
  | 'lesson'
  | 'summary'
  | 'feedback'
  | 'textCorrection'
  | 'parentLetter'
  | 'meetingMinutes'
  | 'groupPlay'
  | 'counsel';

export type PlatformId = 'documents' | 'library' | 'edutech' | 'notices' | 'classes' | 'materials';

export interface Tool {
  id: ToolId;
  icon: Icon;
  color: string;
}

/** The free chat, shown apart from the document tools. */
export const CHAT_TOOL: Tool = { id: 'chat', icon: IconMessageChatbot, color: 'sage' };

/** The document tools (core.md §1), in the order a teacher meets them in a school year. */
export const DOCUMENT_TOOLS: readonly Tool[] = [
  { id: 'evaluationPlan', icon: IconClipboardCheck, color: 'indigo' },
  { id: 'lesson', icon: IconChalkboard, color: 'teal' },
  { id: 'summary', icon: IconFileText, color: 'cyan' },
  { id: 'feedback', icon: IconPencilCheck, color: 'grape' },
  { id: 'textCorrection', icon: IconTextSpellcheck, color: 'pink' },
  { id: 'parentLetter', icon: IconMail, color: 'orange' },
  { id: 'meetingMinutes', icon: IconMicrophone, color: 'blue' },
  { id: 'groupPlay', icon: IconBallFootball, color: 'lime' },
  { id: 'counsel', icon: IconHeartHandshake, color: 'red' },
];

export const TOOLS: readonly Tool[] = [CHAT_TOOL, ...DOCUMENT_TOOLS];

export const PLATFORM: ReadonlyArray<{ id: PlatformId; icon: Icon }> = [
  { id: 'documents', icon: IconFileDescription },
  { id: 'library', icon: IconBooks },
  { id: 'materials', icon: IconFolders },
  { id: 'edutech', icon: IconSparkles },
  { id: 'notices', icon: IconSpeakerphone },
  { id: 'classes', icon: IconUsersGroup },
];
