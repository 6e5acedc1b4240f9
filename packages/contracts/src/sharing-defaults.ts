/**
 * The sharing defaults, kept apart from the schemas (sharing.ts re-exports them): the web reads
 * them at run time, and importing from a module of schemas builds them all (plain-values.ts).
 */
import type { Sharing } from './sharing.ts';

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
