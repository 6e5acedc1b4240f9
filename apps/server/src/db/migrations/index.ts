import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.ts';
import * as identity from './0002-identity.ts';
import * as accountsLicences from './0003-accounts-licences.ts';
import * as chat from './0004-chat.ts';
import * as files from './0005-files.ts';
import * as jobs from './0006-jobs.ts';
import * as library from './0007-library.ts';
import * as tools from './0008-tools.ts';
import * as librarySharing from './0009-library-sharing.ts';
import * as libraryViews from './0010-library-views.ts';
import * as messageStream from './0011-message-stream.ts';
import * as schoolMembership from './0012-school-membership.ts';
import * as noticeBoard from './0013-notice-board.ts';
import * as readableExcerpts from './0021-readable-excerpts.ts';
import * as classes from './0024-classes.ts';
import * as studentRecords from './0025-student-records.ts';
import * as studentAccessLog from './0026-student-access-log.ts';
import * as studentRecordDrafts from './0027-student-record-drafts.ts';
import * as edutech from './0028-edutech.ts';
import * as edutechCounts from './0029-edutech-counts.ts';
import * as licenceTrial from './0030-licence-trial.ts';
import * as licenceKeyMailing from './0031-licence-key-mailing.ts';
import * as usageByModel from './0032-usage-by-model.ts';
import * as contactInquiries from './0033-contact-inquiries.ts';
import * as admin from './0034-admin.ts';
import * as errorReportGroups from './0035-error-report-groups.ts';
import * as promptVersions from './0036-prompt-versions.ts';
import * as playgroundRuns from './0040-playground-runs.ts';
import * as edutechSearchGrams from './0045-edutech-search-grams.ts';
import * as librarySearchKeys from './0047-library-search-keys.ts';
import * as teacherGradeIndex from './0048-teacher-grade-index.ts';
import * as partnerProducts from './0049-partner-products.ts';
import * as toolVisibility from './0050-tool-visibility.ts';
import * as siteEvents from './0051-site-events.ts';
import * as toolThreads from './0052-tool-threads.ts';
import * as usageRollups from './0053-usage-rollups.ts';
import * as adminListTotals from './0056-admin-list-totals.ts';
import * as usageSchoolMonth from './0057-usage-school-month.ts';
import * as usageUserMonth from './0058-usage-user-month.ts';

/**
 * Every migration, in order. Listed explicitly (not read from the folder) so the same set runs
 * under Node, Vitest and any bundler. Never edit a landed migration; add the next one.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-identity': identity,
  '0003-accounts-licences': accountsLicences,
  '0004-chat': chat,
  '0005-files': files,
  '0006-jobs': jobs,
  '0007-library': library,
  '0008-tools': tools,
  '0009-library-sharing': librarySharing,
  '0010-library-views': libraryViews,
  '0011-message-stream': messageStream,
  '0012-school-membership': schoolMembership,
  '0013-notice-board': noticeBoard,
  '0021-readable-excerpts': readableExcerpts,
  '0024-classes': classes,
  '0025-student-records': studentRecords,
  '0026-student-access-log': studentAccessLog,
  '0027-student-record-drafts': studentRecordDrafts,
  '0034-admin': admin,
  '0035-error-report-groups': errorReportGroups,
  '0036-prompt-versions': promptVersions,
  '0040-playground-runs': playgroundRuns,
  '0028-edutech': edutech,
  '0029-edutech-counts': edutechCounts,
  '0030-licence-trial': licenceTrial,
  '0031-licence-key-mailing': licenceKeyMailing,
  '0032-usage-by-model': usageByModel,
  '0033-contact-inquiries': contactInquiries,
  '0047-library-search-keys': librarySearchKeys,
  '0048-teacher-grade-index': teacherGradeIndex,
  '0049-partner-products': partnerProducts,
  '0045-edutech-search-grams': edutechSearchGrams,
  '0050-tool-visibility': toolVisibility,
  '0051-site-events': siteEvents,
  '0052-tool-threads': toolThreads,
  '0053-usage-rollups': usageRollups,
  '0056-admin-list-totals': adminListTotals,
  '0057-usage-school-month': usageSchoolMonth,
  '0058-usage-user-month': usageUserMonth,
};
