import type { Kysely } from 'kysely';
import { EDUTECH_FILE, readEdutechProducts } from '../../modules/edutech/edutech-catalogue.ts';
import { fingerprintFiles } from '../../modules/reference/reference-files.ts';
import type { Database } from '../schema.ts';

// Bump when the mapping changes, so existing databases re-import the same file.
export const EDUTECH_IMPORT_VERSION = 'edutech-v1';

/**
 * The edutech dataset's fingerprint (file and mapping version) and its loader: products are
 * upserted by their name in the dataset, so ids that licences and likes hold stay put, and a
 * product's likes, images and approval date are kept.
 */
export function edutechImport(dir: string) {
  const files = fingerprintFiles(dir, [EDUTECH_FILE]);
  return {
    fingerprint: files && `${EDUTECH_IMPORT_VERSION}:${files}`,
    async load(trx: Kysely<Database>): Promise<number> {
      const rows = readEdutechProducts(dir, new Date().toISOString()) ?? [];
      for (const row of rows) {
        const { createdAt: _c, approvedAt: _a, logoKey: _l, screenshotKey: _s, ...changes } = row;
        await trx
          .insertInto('edutechProduct')
          .values(row)
          .onConflict((oc) => oc.column('sourceKey').doUpdateSet(changes))
          .execute();
      }
      return rows.length;
    },
  };
}
