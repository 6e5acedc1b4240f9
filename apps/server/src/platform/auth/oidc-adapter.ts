import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Models whose rows are addressed by grant id, so revoking a grant removes them all. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'BackchannelAuthenticationRequest',
]);

export interface OidcAdapterHooks {
  /** Called with a session's stored payload just before the provider destroys it. */
  onSessionDestroyed?: (payload: AdapterPayload) => Promise<void>;
}

/**
 * The provider's storage on our database (SQLite or PostgreSQL): one row per model and id, with
 * the columns the provider looks things up by. Expired rows read as missing and are purged.
 */
export function createOidcAdapter(db: Kysely<Database>, hooks: OidcAdapterHooks = {}) {
  return class SqlAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        payload: JSON.stringify(payload),
        grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? nowSeconds() + expiresIn : null,
        accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
      };
      await db
        .insertInto('oidcPayload')
        .values({ model: this.model, id, consumedAt: null, ...row })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
        .execute();
    }

    private async findWhere(
      column: 'id' | 'uid' | 'userCode',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidcPayload')
        .select(['payload', 'expiresAt', 'consumedAt'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expiresAt !== null && Number(row.expiresAt) <= nowSeconds()) return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Number(row.consumedAt) } : payload;
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .updateTable('oidcPayload')
        .set({ consumedAt: nowSeconds() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Session' && hooks.onSessionDestroyed) {
        const payload = await this.find(id);
        if (payload) await hooks.onSessionDestroyed(payload);
      }
      await db.deleteFrom('oidcPayload').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidcPayload').where('grantId', '=', grantId).execute();
    }
  };
}

/** Removes rows whose lifetime has passed; run on a timer. */
export async function purgeExpiredOidcRows(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom('oidcPayload').where('expiresAt', '<=', nowSeconds()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
