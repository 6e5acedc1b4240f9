import type { Kysely } from 'kysely';
import type { Database, MembershipStatus } from '../../db/schema.ts';

/** Proof of school membership: the e-mail domains a school lists, and requests to join it. */
export function createSchoolMembershipRepository(db: Kysely<Database>) {
  const requestColumns = [
    'schoolMembershipRequest.id',
    'schoolMembershipRequest.userId',
    'users.username',
    'users.name',
    'users.email',
    'schoolMembershipRequest.schoolId',
    'school.name as schoolName',
    'schoolMembershipRequest.role',
    'schoolMembershipRequest.status',
    'schoolMembershipRequest.createdAt',
    'schoolMembershipRequest.decidedAt',
  ] as const;
  const requests = () =>
    db
      .selectFrom('schoolMembershipRequest')
      .innerJoin('users', 'users.id', 'schoolMembershipRequest.userId')
      .innerJoin('school', 'school.id', 'schoolMembershipRequest.schoolId')
      .select(requestColumns);

  return {
    async domainsOf(schoolId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('schoolEmailDomain')
        .select('domain')
        .where('schoolId', '=', schoolId)
        .orderBy('domain')
        .execute();
      return rows.map((row) => row.domain);
    },

    async isDomainListed(schoolId: number, domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('schoolEmailDomain')
        .select('domain')
        .where('schoolId', '=', schoolId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return Boolean(row);
    },

    async replaceDomains(schoolId: number, domains: string[], by: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('schoolEmailDomain').where('schoolId', '=', schoolId).execute();
        if (domains.length === 0) return;
        const createdAt = new Date().toISOString();
        await trx
          .insertInto('schoolEmailDomain')
          .values(domains.map((domain) => ({ schoolId, domain, createdBy: by, createdAt })))
          .execute();
      });
    },

    async createRequest(request: { userId: number; schoolId: number; role: string }): Promise<void> {
      await db
        .insertInto('schoolMembershipRequest')
        .values({
          ...request,
          status: 'PENDING',
          createdAt: new Date().toISOString(),
          decidedBy: null,
          decidedAt: null,
        })
        .execute();
    },

    listRequests(filter: { schoolId: number | undefined; status: MembershipStatus }) {
      let query = requests().where('schoolMembershipRequest.status', '=', filter.status);
      if (filter.schoolId !== undefined)
        query = query.where('schoolMembershipRequest.schoolId', '=', filter.schoolId);
      return query.orderBy('schoolMembershipRequest.id', 'desc').limit(500).execute();
    },

    findRequest(id: number) {
      return requests().where('schoolMembershipRequest.id', '=', id).executeTakeFirst();
    },

    /** The user's undecided request, if any. */
    pendingOf(userId: number) {
      return requests()
        .where('schoolMembershipRequest.userId', '=', userId)
        .where('schoolMembershipRequest.status', '=', 'PENDING')
        .orderBy('schoolMembershipRequest.id', 'desc')
        .executeTakeFirst();
    },

    /** Decides a pending request; an approval makes the user a member of the school in the same step. */
    async decide(id: number, status: 'APPROVED' | 'REJECTED', by: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const decided = await trx
          .updateTable('schoolMembershipRequest')
          .set({ status, decidedBy: by, decidedAt: now })
          .where('id', '=', id)
          .where('status', '=', 'PENDING')
          .returning(['userId', 'schoolId'])
          .executeTakeFirst();
        if (!decided) return false;
        if (status === 'APPROVED') {
          await trx
            .updateTable('users')
            .set({ schoolId: decided.schoolId, updatedAt: now })
            .where('id', '=', decided.userId)
            .execute();
        }
        return true;
      });
    },

    /** Addresses of the school's administrators, to tell them a request is waiting. */
    async adminEmailsOf(schoolId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('users')
        .select(['email', 'roles'])
        .where('schoolId', '=', schoolId)
        .where('enabled', '=', 1)
        .where('roles', 'like', '%"ROLE_ADMIN"%')
        .execute();
      return rows.flatMap((row) => (row.email ? [row.email] : []));
    },
  };
}

export type SchoolMembershipRepository = ReturnType<typeof createSchoolMembershipRepository>;
