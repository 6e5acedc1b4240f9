import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { ConversationTable, Database, MessageStatus, MessageTable } from '../../db/schema.ts';
import { type KeywordTerm, likePattern } from '../library/search-grams.ts';

export type ConversationRow = ConversationTable;
export type MessageRow = MessageTable;

/** A conversation found by a search, with the newest message text that holds the first word. */
export type ConversationMatchRow = ConversationRow & { titleMatches: number; matchText: string | null };

type ConversationExpressions = ExpressionBuilder<Database, 'conversation'>;

/**
 * A term inside a text column, case-folded the way keywords are. A substring match, so one- and
 * two-syllable Korean words match inside longer words ("수" in "수학을") on both databases.
 */
function textContains(column: Expression<string>, term: KeywordTerm): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) LIKE ${likePattern(term)} ESCAPE '\\'`;
}

function titleHolds(eb: ConversationExpressions, term: KeywordTerm) {
  return textContains(eb.ref('conversation.title'), term);
}

/** Some message of the conversation holds the term (messages are reached by the conversation index). */
function messageHolds(eb: ConversationExpressions, term: KeywordTerm) {
  return eb.exists(
    eb
      .selectFrom('message')
      .select(sql`1`.as('one'))
      .whereRef('message.conversationId', '=', 'conversation.id')
      .where((m) => textContains(m.ref('message.text'), term)),
  );
}

// The queries of every chat message (start and end of a stream), compiled once.
const CONVERSATION_COLUMNS = [
  'id',
  'userId',
  'title',
  'endpoint',
  'model',
  'gadgetId',
  'isPinned',
  'pinOrder',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof ConversationRow)[];
const MESSAGE_COLUMNS = [
  'id',
  'conversationId',
  'userId',
  'parentMessageId',
  'seq',
  'sender',
  'isCreatedByUser',
  'text',
  'content',
  'status',
  'error',
  'unfinished',
  'endpoint',
  'model',
  'files',
  'gadgetId',
  'isLiked',
  'clientTimestamp',
  'tokenCount',
  'createdAt',
  'updatedAt',
  'streamId',
] as const satisfies readonly (keyof MessageRow)[];

const rowOf = <T>(columns: readonly string[], values: readonly unknown[]) =>
  Object.fromEntries(columns.map((column, i) => [column, values[i]])) as T;
const valuesOf = (columns: readonly string[], row: object) =>
  columns.map((column) => (row as Record<string, unknown>)[column] ?? null);

const findConversationById = preparedQuery(
  (db: Kysely<Database>, id: string) => db.selectFrom('conversation').selectAll().where('id', '=', id),
  1,
);
const insertConversation = preparedQuery(
  (db: Kysely<Database>, ...values: unknown[]) =>
    db.insertInto('conversation').values(rowOf<ConversationRow>(CONVERSATION_COLUMNS, values)),
  CONVERSATION_COLUMNS.length,
);
const lastSeqOf = preparedQuery(
  (db: Kysely<Database>, conversationId: string) =>
    db
      .selectFrom('message')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('conversationId', '=', conversationId),
  1,
);
/** A question and its answer, in one statement. */
const insertMessagePair = preparedQuery(
  (db: Kysely<Database>, ...values: unknown[]) =>
    db
      .insertInto('message')
      .values([
        rowOf<MessageRow>(MESSAGE_COLUMNS, values.slice(0, MESSAGE_COLUMNS.length)),
        rowOf<MessageRow>(MESSAGE_COLUMNS, values.slice(MESSAGE_COLUMNS.length)),
      ]),
  MESSAGE_COLUMNS.length * 2,
);
const saveCompletedAnswer = preparedQuery(
  (
    db: Kysely<Database>,
    id: string,
    text: string,
    content: string,
    status: MessageStatus,
    unfinished: number,
    updatedAt: string,
  ) => db.updateTable('message').set({ text, content, status, unfinished, updatedAt }).where('id', '=', id),
  6,
);
/** A running answer's text so far; an answer already finished is left as it ended. */
const saveStreamingSnapshot = preparedQuery(
  (db: Kysely<Database>, id: string, text: string, content: string, updatedAt: string) =>
    db
      .updateTable('message')
      .set({ text, content, updatedAt })
      .where('id', '=', id)
      .where('status', '=', 'streaming'),
  4,
);
const touchConversation = preparedQuery(
  (db: Kysely<Database>, id: string, updatedAt: string) =>
    db.updateTable('conversation').set({ updatedAt }).where('id', '=', id),
  2,
);

export function createChatRepository(db: Kysely<Database>) {
  return {
    async findConversation(id: string): Promise<ConversationRow | undefined> {
      return (await findConversationById(db, id)).rows[0];
    },

    async updateConversation(id: string, changes: Partial<Omit<ConversationRow, 'id' | 'userId'>>) {
      await db.updateTable('conversation').set(changes).where('id', '=', id).execute();
    },

    async deleteConversation(id: string) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('message').where('conversationId', '=', id).execute();
        await trx.deleteFrom('conversation').where('id', '=', id).execute();
      });
    },

    async deleteAllConversations(userId: number) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('message').where('userId', '=', userId).execute();
        await trx.deleteFrom('conversation').where('userId', '=', userId).execute();
      });
    },

    async pageConversations(userId: number, offset: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('conversation')
          .selectAll()
          .where('userId', '=', userId)
          .orderBy('updatedAt', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('conversation')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('userId', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /**
     * The user's conversations holding every term in the title or in some message: the ones whose
     * title holds them all first, then the most recently active.
     */
    searchConversations(
      userId: number,
      terms: KeywordTerm[],
      limit: number,
    ): Promise<ConversationMatchRow[]> {
      const [first] = terms;
      if (!first) return Promise.resolve([]);
      return db
        .selectFrom('conversation')
        .selectAll('conversation')
        .select((eb) => [
          eb
            .case()
            .when(eb.and(terms.map((term) => titleHolds(eb, term))))
            .then(1)
            .else(0)
            .end()
            .as('titleMatches'),
          eb
            .selectFrom('message')
            .select('message.text')
            .whereRef('message.conversationId', '=', 'conversation.id')
            .where((m) => textContains(m.ref('message.text'), first))
            .orderBy('message.seq', 'desc')
            .limit(1)
            .as('matchText'),
        ])
        .where('conversation.userId', '=', userId)
        .where((eb) => eb.and(terms.map((term) => eb.or([titleHolds(eb, term), messageHolds(eb, term)]))))
        .orderBy('titleMatches', 'desc')
        .orderBy('conversation.updatedAt', 'desc')
        .orderBy('conversation.id', 'desc')
        .limit(limit)
        .execute() as Promise<ConversationMatchRow[]>;
    },

    pinnedConversations(userId: number) {
      return db
        .selectFrom('conversation')
        .selectAll()
        .where('userId', '=', userId)
        .where('isPinned', '=', 1)
        .orderBy('pinOrder')
        .orderBy('updatedAt', 'desc')
        .execute();
    },

    /** Pins unless the user already has `max` pinned; one statement so two tabs cannot both pass. */
    async pinIfRoom(userId: number, id: string, max: number): Promise<boolean> {
      const result = await db
        .updateTable('conversation')
        .set({
          isPinned: 1,
          pinOrder: sql<number>`(select coalesce(max(pin_order), 0) + 1 from conversation where user_id = ${userId} and is_pinned = 1)`,
        })
        .where('id', '=', id)
        .where(
          sql<boolean>`(select count(*) from conversation where user_id = ${userId} and is_pinned = 1) < ${max}`,
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async reorderPinned(userId: number, ids: string[]) {
      await db.transaction().execute(async (trx) => {
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('conversation')
            .set({ pinOrder: index + 1 })
            .where('id', '=', id)
            .where('userId', '=', userId)
            .where('isPinned', '=', 1)
            .execute();
        }
      });
    },

    findMessage(id: string) {
      return db.selectFrom('message').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The answer a stream writes (any instance's stream). */
    findByStream(streamId: string) {
      return db.selectFrom('message').selectAll().where('streamId', '=', streamId).executeTakeFirst();
    },

    /** The answer of a conversation still being written, if any, newest first. */
    streamingAnswerOf(conversationId: string) {
      return db
        .selectFrom('message')
        .select(['id', 'streamId'])
        .where('conversationId', '=', conversationId)
        .where('status', '=', 'streaming')
        .where('streamId', 'is not', null)
        .orderBy('seq', 'desc')
        .executeTakeFirst();
    },

    /**
     * A turn's rows in one transaction: the conversation when it is new, then the question and its
     * empty answer, numbered after the conversation's last message inside the same transaction, so
     * a crash leaves no conversation without its question and two sends cannot share a number.
     */
    async insertTurn(
      conversation: ConversationRow | null,
      request: Omit<MessageRow, 'seq'>,
      response: Omit<MessageRow, 'seq'>,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let seq = 1;
        if (conversation) await insertConversation(trx, ...valuesOf(CONVERSATION_COLUMNS, conversation));
        else {
          const last = (await lastSeqOf(trx, request.conversationId)).rows[0];
          seq = Number(last?.seq ?? 0) + 1;
        }
        await insertMessagePair(
          trx,
          ...valuesOf(MESSAGE_COLUMNS, { ...request, seq }),
          ...valuesOf(MESSAGE_COLUMNS, { ...response, seq: seq + 1 }),
        );
        return seq;
      });
    },

    /** The answer's last save and the conversation's activity time, together. */
    async completeAnswer(
      messageId: string,
      changes: Pick<MessageRow, 'text' | 'content' | 'status' | 'unfinished' | 'updatedAt'>,
      conversationId: string,
      updatedAt: string,
    ) {
      await db.transaction().execute(async (trx) => {
        await saveCompletedAnswer(
          trx,
          messageId,
          changes.text,
          changes.content,
          changes.status,
          changes.unfinished,
          changes.updatedAt,
        );
        await touchConversation(trx, conversationId, updatedAt);
      });
    },

    async updateMessage(id: string, changes: Partial<Omit<MessageRow, 'id' | 'conversationId' | 'userId'>>) {
      await db.updateTable('message').set(changes).where('id', '=', id).execute();
    },

    async pageMessages(conversationId: string, pageNo: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom('message')
          .selectAll()
          .where('conversationId', '=', conversationId)
          // Page 0 is the newest: a long conversation opens at its end.
          .orderBy('seq', 'desc')
          .offset(pageNo * pageSize)
          .limit(pageSize)
          .execute(),
        db
          .selectFrom('message')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('conversationId', '=', conversationId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.reverse(), total: Number(total.n) };
    },

    firstUserMessage(conversationId: string) {
      return db
        .selectFrom('message')
        .select('text')
        .where('conversationId', '=', conversationId)
        .where('isCreatedByUser', '=', 1)
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
    },

    allMessages(conversationId: string) {
      return db
        .selectFrom('message')
        .selectAll()
        .where('conversationId', '=', conversationId)
        .orderBy('seq')
        .execute();
    },

    async siblingCounts(conversationId: string, parentIds: string[]): Promise<Map<string, number>> {
      if (parentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('message')
        .select(['parentMessageId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('conversationId', '=', conversationId)
        .where('parentMessageId', 'in', [...new Set(parentIds)])
        .groupBy('parentMessageId')
        .execute();
      return new Map(rows.map((row) => [row.parentMessageId, Number(row.n)]));
    },

    /** The branch from a message up to the root, oldest first, at most `limit` messages. */
    async branch(messageId: string, limit: number) {
      const rows = await db
        .withRecursive('chain(id, parentMessageId, depth)', (qb) =>
          qb
            .selectFrom('message')
            .select(['id', 'parentMessageId', sql<number>`0`.as('depth')])
            .where('id', '=', messageId)
            .unionAll((u) =>
              u
                .selectFrom('message')
                .innerJoin('chain', 'chain.parentMessageId', 'message.id')
                .select(['message.id', 'message.parentMessageId', sql<number>`chain.depth + 1`.as('depth')])
                .where(sql<boolean>`chain.depth < ${limit}`),
            ),
        )
        .selectFrom('chain')
        .innerJoin('message', 'message.id', 'chain.id')
        .select([
          'message.id',
          'message.isCreatedByUser',
          'message.text',
          'message.files',
          'message.status',
          'chain.depth',
        ])
        .orderBy('chain.depth', 'desc')
        .execute();
      return rows;
    },

    /** Saves several answers' progress in one transaction (one commit for all running streams). */
    async saveSnapshots(rows: { id: string; text: string; content: string }[]) {
      if (rows.length === 0) return;
      const updatedAt = new Date().toISOString();
      await db.transaction().execute(async (trx) => {
        for (const row of rows) await saveStreamingSnapshot(trx, row.id, row.text, row.content, updatedAt);
      });
    },

    async setLike(messageId: string, isLiked: number | null) {
      await db.updateTable('message').set({ isLiked }).where('id', '=', messageId).execute();
    },

    /**
     * After a crash or restart, answers that were streaming are marked unfinished; nothing else
     * changes. With `updatedBefore`, only those no instance has touched since (scaled out, the
     * others' running answers are left alone).
     */
    async markInterrupted(updatedBefore?: string): Promise<number> {
      const result = await db
        .updateTable('message')
        .set({
          status: 'interrupted' satisfies MessageStatus,
          unfinished: 1,
          updatedAt: new Date().toISOString(),
        })
        .where('status', '=', 'streaming')
        .$if(updatedBefore !== undefined, (qb) => qb.where('updatedAt', '<', updatedBefore!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The heartbeat of running answers: their rows show an instance still writes them. */
    async touchStreaming(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('message')
        .set({ updatedAt: new Date().toISOString() })
        .where('id', 'in', ids)
        .where('status', '=', 'streaming')
        .execute();
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
