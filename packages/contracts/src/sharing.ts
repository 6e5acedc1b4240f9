import { z } from 'zod';
import { visibilitySchema } from './library.ts';

/** Who sees a created document and whether others may edit it (document-tools.md §6). */
export const sharingSchema = z.object({ accessLevel: visibilitySchema, editable: z.boolean() });
export type Sharing = z.infer<typeof sharingSchema>;

/** The spec's default for teaching materials: everyone may see and build on them. */
export const OPEN_SHARING: Sharing = { accessLevel: 'PUBLIC', editable: true };

/**
 * The default wherever the input is a pupil's work or data (writing feedback, counselling, student
 * records): only the author sees it and nobody else edits it, until the teacher chooses otherwise.
 */
export const PRIVATE_SHARING: Sharing = { accessLevel: 'PRIVATE', editable: false };

/** The tools whose sharing choice is remembered per teacher (and the student records). */
export const SHARING_TOOLS = [
  'lesson',
  'summary',
  'feedback',
  'text-correction',
  'evaluation-plan',
  'parent-letter',
  'meeting-minutes',
  'general',
  'group-play-plan',
  'group-play-lesson-plan',
  'counsel-student',
  'counsel-parent',
  'counsel-parent-sheet',
  'counsel-parent-script',
  'student-record',
] as const;
export type SharingTool = (typeof SHARING_TOOLS)[number];

/** Tools whose input is pupils' work or data. */
export const PUPIL_DATA_TOOLS: readonly SharingTool[] = [
  'feedback',
  'counsel-student',
  'counsel-parent',
  'counsel-parent-sheet',
  'counsel-parent-script',
  'student-record',
];

/** A tool's sharing before the teacher has chosen: private for pupils' data, open otherwise. */
export function defaultSharing(tool: SharingTool): Sharing {
  return PUPIL_DATA_TOOLS.includes(tool) ? PRIVATE_SHARING : OPEN_SHARING;
}

/** The remembered choices of one teacher, by tool (kept in the user's settings). */
export const toolSharingSchema = z.partialRecord(z.enum(SHARING_TOOLS), sharingSchema);
export type ToolSharing = z.infer<typeof toolSharingSchema>;
