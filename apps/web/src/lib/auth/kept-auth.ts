/**
 * The identity client's configuration and the provider's metadata (its discovery document), kept
 * in this tab's sessionStorage between page loads. The sign-in start fetches both; the callback,
 * a few seconds later on a new page, reuses them and only exchanges the code for tokens, and a
 * signed-in screen loaded afresh reads its token without waiting for the configuration.
 * Neither is a secret: both are public documents, and the tab keeps its tokens in the same store.
 */
import type { OidcMetadata } from 'oidc-client-ts';
import type { AuthConfig } from './auth-config';
import { sessionStore } from './stored-session';

/** Not under `oidc.`: the stale-state sweep (auth-config.ts) only looks at the library's own entries. */
export const KEPT_CONFIG_KEY = 'ssaem.auth.config';
export const KEPT_METADATA_KEY = 'ssaem.auth.metadata';
/** A kept configuration younger than this is used as it is; an older one is asked for again in the background. */
export const CONFIG_FRESH_MS = 5 * 60_000;
/**
 * The metadata serves for as long as an unfinished sign-in lives (core.md §4, one hour): a callback
 * always finds the metadata its own start used.
 */
export const METADATA_FRESH_MS = 60 * 60_000;

export type ProviderMetadata = Partial<OidcMetadata>;

export interface KeptConfig {
  config: AuthConfig;
  /** Milliseconds since the epoch. */
  keptAt: number;
}

interface KeptMetadata {
  authority: string;
  clientId: string;
  metadata: ProviderMetadata;
  keptAt: number;
}

function readJson(key: string): unknown {
  const item = sessionStore()?.getItem(key);
  if (!item) return null;
  try {
    return JSON.parse(item) as unknown;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked store: the next page asks the server again, as without keeping.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isAuthConfig(value: unknown): value is AuthConfig {
  return isRecord(value) && typeof value.authority === 'string' && typeof value.clientId === 'string';
}

export function sameClient(a: Pick<AuthConfig, 'authority' | 'clientId'>, b: AuthConfig): boolean {
  return a.authority === b.authority && a.clientId === b.clientId;
}

export function keepAuthConfig(config: AuthConfig, nowMs: number = Date.now()): void {
  writeJson(KEPT_CONFIG_KEY, { config, keptAt: nowMs } satisfies KeptConfig);
}

/** The configuration this tab kept, whatever its age (the caller decides whether to ask again). */
export function readKeptAuthConfig(): KeptConfig | null {
  const kept = readJson(KEPT_CONFIG_KEY);
  if (!isRecord(kept) || !isAuthConfig(kept.config) || typeof kept.keptAt !== 'number') return null;
  return { config: kept.config, keptAt: kept.keptAt };
}

/** Kept at `keptAt` and younger than `freshMs` now (a clock set back makes it stale, not fresh). */
function keptWithin(keptAt: number, freshMs: number, nowMs: number): boolean {
  const age = nowMs - keptAt;
  return age >= 0 && age < freshMs;
}

export function isFreshConfig(kept: KeptConfig, nowMs: number = Date.now()): boolean {
  return keptWithin(kept.keptAt, CONFIG_FRESH_MS, nowMs);
}

export function keepProviderMetadata(
  config: AuthConfig,
  metadata: ProviderMetadata,
  nowMs: number = Date.now(),
): void {
  writeJson(KEPT_METADATA_KEY, {
    authority: config.authority,
    clientId: config.clientId,
    metadata,
    keptAt: nowMs,
  } satisfies KeptMetadata);
}

/** After a failed sign-in: the next one asks the provider afresh, in case its endpoints moved. */
export function forgetProviderMetadata(): void {
  sessionStore()?.removeItem(KEPT_METADATA_KEY);
}

/**
 * The provider's metadata kept for this authority and client, or null when there is none, it is
 * older than METADATA_FRESH_MS, or it belongs to another provider or client (the library then
 * fetches the discovery document, as it always did).
 */
export function readKeptProviderMetadata(
  config: AuthConfig,
  nowMs: number = Date.now(),
): ProviderMetadata | null {
  const kept = readJson(KEPT_METADATA_KEY);
  if (!isRecord(kept) || !isRecord(kept.metadata) || typeof kept.keptAt !== 'number') return null;
  if (typeof kept.authority !== 'string' || typeof kept.clientId !== 'string') return null;
  if (!sameClient({ authority: kept.authority, clientId: kept.clientId }, config)) return null;
  if (!keptWithin(kept.keptAt, METADATA_FRESH_MS, nowMs)) return null;
  // The issuer and endpoints the library checks against must be there, or it is not worth using.
  const metadata = kept.metadata as ProviderMetadata;
  if (typeof metadata.issuer !== 'string' || typeof metadata.token_endpoint !== 'string') return null;
  return metadata;
}
