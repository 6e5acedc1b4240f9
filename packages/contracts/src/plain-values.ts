/**
 * Values the web app reads at run time, kept apart from the schemas (chat.ts, dashboard.ts,
 * library.ts, sharing.ts re-export them). Importing a value from a module of schemas builds every
 * schema in it and in what it imports: on the home after sign-in, 0.2 s of a slow phone's main
 * thread for a few numbers. This module and sharing-defaults.ts import no zod.
 */

/** Conversations per page of the list (the chat sidebar; the home's first page). */
export const CONVERSATION_PAGE_SIZE = 50;
/** Messages per page of a conversation. */
export const MESSAGE_PAGE_SIZE = 40;

/**
 * How much of each list the home shows. The web reads the same numbers for the cache keys it
 * seeds, so a section answers exactly what its own endpoint would for those keys.
 */
export const DASHBOARD_SIZES = {
  recentMaterials: 5,
  sharedMaterials: 5,
  notices: 3,
  recommendations: 4,
  /** The first page of the conversation list, as the chat sidebar reads it too. */
  conversations: CONVERSATION_PAGE_SIZE,
} as const;

/** core.md §3: the material types of a library item. */
export const MATERIAL_TYPES = ['document', 'summary', 'lesson', 'feedback'] as const;
