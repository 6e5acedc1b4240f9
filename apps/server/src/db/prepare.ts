import type { Config } from '../config/config.ts';
import { createLibraryRepository } from '../modules/library/library.repository.ts';
import { createLibrarySearchIndex } from '../modules/library/library-search.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import { type DemoAccount, seedDemoData } from './seed/demo.seed.ts';
import { seedDemoMaterials } from './seed/demo-materials.seed.ts';
import { type ReferenceImportReport, seedReferenceData } from './seed/reference.seed.ts';
import { seedToolCatalogue } from './seed/tools.seed.ts';

export function openDatabase(config: Config): DatabaseHandle {
  return createDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
}

export interface PreparedDatabase {
  migrations: string[];
  reference: ReferenceImportReport[];
  demoAccounts: DemoAccount[];
}

/** Migrates, loads the reference data and (when enabled) the demo accounts. Safe to run at every start. */
export async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database.db);
  const reference = await seedReferenceData(database.db, config.REFERENCE_DATA_DIR);
  await seedToolCatalogue(database.db);
  const demoAccounts = config.SEED_DEMO ? await seedDemoData(database.db, config.DEMO_PASSWORD) : [];
  if (config.SEED_DEMO) {
    const search = createLibrarySearchIndex(database.db, database.dialect);
    await seedDemoMaterials(database.db, createLibraryRepository(database.db, search));
  }
  return { migrations, reference, demoAccounts };
}
