/**
 * Imported lazily to download the code of the home after sign-in without running it: the build
 * preloads, with this module, the chunks the signed-in route table, the shell and the home page
 * need (build/download-only.ts). Only this runs.
 */
export const HOME_CODE_DOWNLOADED = true;
