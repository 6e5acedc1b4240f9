export * from './chat.ts';
export * from './common.ts';
export * from './error-reports.ts';
export * from './errors.ts';
export * from './i18n.ts';
export * from './licenses.ts';
export * from './reference.ts';
export * from './users.ts';
