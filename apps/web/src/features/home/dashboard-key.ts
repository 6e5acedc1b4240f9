/**
 * The first part of the dashboard query's key (home/api.ts), on its own so that the signed-in shell
 * can tell the dashboard's request is under way without importing the home's code.
 */
export const DASHBOARD_KEY_ROOT = 'dashboard';
