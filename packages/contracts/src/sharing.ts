import { z } from 'zod';
import { visibilitySchema } from './library.ts';
import { SHARING_TOOLS } from './sharing-defaults.ts';

export {
  defaultSharing,
  OPEN_SHARING,
  PRIVATE_SHARING,
  PUPIL_DATA_TOOLS,
  SHARING_TOOLS,
  type SharingTool,
} from './sharing-defaults.ts';

/** Who sees a created document and whether others may edit it (document-tools.md §6). */
export const sharingSchema = z.object({ accessLevel: visibilitySchema, editable: z.boolean() });
export type Sharing = z.infer<typeof sharingSchema>;

/** The remembered choices of one teacher, by tool (kept in the user's settings). */
export const toolSharingSchema = z.partialRecord(z.enum(SHARING_TOOLS), sharingSchema);
export type ToolSharing = z.infer<typeof toolSharingSchema>;
