import { DASHBOARD_SIZES, type Dashboard, type Language } from '@ssaem/contracts';
import { type Actor, hasAnyRole, isAdmin } from '../../policies/actor.ts';
import type { BoardService } from '../board/board.service.ts';
import type { ChatService } from '../chat/chat.service.ts';
import type { EdutechService } from '../edutech/edutech.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type { LicencesService } from '../licences/licences.service.ts';
import type { ToolsService } from '../tools/tools.service.ts';
import type { UsersService } from '../users/users.service.ts';

/**
 * The home's one read. It owns no queries: each section is the service call behind that
 * section's own endpoint, behind the same role rule that endpoint's route applies.
 */
export interface DashboardDeps {
  users: Pick<UsersService, 'info' | 'membershipRequests'>;
  licences: Pick<LicencesService, 'licenceInfo'>;
  library: Pick<LibraryService, 'recentOwn' | 'recentShared'>;
  chat: Pick<ChatService, 'listConversations'>;
  board: Pick<BoardService, 'list'>;
  edutech: Pick<EdutechService, 'strip'>;
  tools: Pick<ToolsService, 'list'>;
}

/** The roles the library, conversation and recommendation routes admit (`teachersOnly`). */
function isTeacherOrAdmin(actor: Actor): boolean {
  return hasAnyRole(actor, ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN']);
}

/** The home gives the recommendation strip to teachers alone; administrators get their operations instead. */
function getsRecommendations(actor: Actor): boolean {
  return hasAnyRole(actor, ['ROLE_TEACHER']) && !isAdmin(actor);
}

export function createDashboardService(deps: DashboardDeps) {
  /** Tools, recent materials and conversations: only shown (so only read) for a licensed teacher or administrator. */
  async function teachingSections(actor: Actor, language: Language, licensed: boolean) {
    if (!licensed || !isTeacherOrAdmin(actor)) {
      return {
        tools: null,
        recentMaterials: null,
        sharedMaterials: null,
        conversations: null,
        recommendations: null,
      };
    }
    const [tools, recentMaterials, sharedMaterials, conversations, recommendations] = await Promise.all([
      deps.tools.list(actor, language, { useYn: 'Y' }),
      deps.library.recentOwn(actor, DASHBOARD_SIZES.recentMaterials),
      deps.library.recentShared(actor, DASHBOARD_SIZES.sharedMaterials),
      deps.chat.listConversations(actor, 0, DASHBOARD_SIZES.conversations),
      getsRecommendations(actor) ? deps.edutech.strip(actor, DASHBOARD_SIZES.recommendations) : null,
    ]);
    return { tools, recentMaterials, sharedMaterials, conversations, recommendations };
  }

  return {
    async forActor(actor: Actor, language: Language): Promise<Dashboard> {
      // The licence decides which teaching sections are read; everything else starts alongside it.
      const licenceRead = deps.licences.licenceInfo(actor.userId);
      const [info, licence, notices, pendingRequests, teaching] = await Promise.all([
        deps.users.info(actor),
        licenceRead,
        deps.board.list(actor, {
          pageIndex: 0,
          pageSize: DASHBOARD_SIZES.notices,
          scope: 'ALL',
          target: 'ALL',
        }),
        isAdmin(actor) ? deps.users.membershipRequests(actor, { status: 'PENDING' }) : null,
        licenceRead.then((read) => teachingSections(actor, language, read.isValid)),
      ]);
      return { info, licence, notices: notices.items, pendingRequests, ...teaching };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
