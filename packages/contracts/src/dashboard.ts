import { z } from 'zod';
import { noticeSummarySchema } from './board.ts';
import { conversationPageSchema } from './chat.ts';
import { recommendationStripSchema } from './edutech.ts';
import { libraryCardSchema } from './library.ts';
import { toolSchema } from './tools.ts';
import { licenseInfoSchema, membershipRequestSchema, usersInfoSchema } from './users.ts';

export { DASHBOARD_SIZES } from './plain-values.ts';

/**
 * GET /api/v1/dashboard: everything the signed-in home shows, in one answer. Each section has the
 * shape of its own endpoint; a section the caller may not read (or the home does not show them)
 * is null.
 */
export const dashboardSchema = z
  .object({
    /** As GET /api/v1/users/info. */
    info: usersInfoSchema,
    /** As GET /api/v1/user-license/check-validity. */
    licence: licenseInfoSchema,
    /** As GET /api/v1/tool/list?useYn=Y in the request's language: teachers and administrators with a valid licence. */
    tools: z.array(toolSchema).nullable(),
    /** As GET /api/v1/library/recent/5: teachers and administrators with a valid licence. */
    recentMaterials: z.array(libraryCardSchema).nullable(),
    /** As GET /api/v1/library/shared/recent/5: teachers and administrators with a valid licence. */
    sharedMaterials: z.array(libraryCardSchema).nullable(),
    /** As GET /api/v1/conversations/paged (first page): teachers and administrators with a valid licence. */
    conversations: conversationPageSchema.nullable(),
    /** The items of GET /api/v1/board/list?pageSize=3: every signed-in reader. */
    notices: z.array(noticeSummarySchema),
    /** As GET /api/v1/users/school-requests?status=PENDING: administrators only. */
    pendingRequests: z.array(membershipRequestSchema).nullable(),
    /** As GET /api/v1/recommendation/goods/list?size=4: a teacher (not an administrator) with a valid licence. */
    recommendations: recommendationStripSchema.nullable(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
