import {
  type PartnerJwks,
  type PartnerProduct,
  type PartnerProductCreate,
  type PartnerProductUpdate,
  type PartnerRole,
  partnerJwksSchema,
  partnerRoleSchema,
} from '@ssaem/contracts';
import { importJWK, type JWK } from 'jose';
import { z } from 'zod';
import type { PartnerProductRow } from '../../db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Actor } from '../../policies/actor.ts';
import { canManageGlobalSettings } from '../../policies/index.ts';
import type { AuditContext, AuditService } from '../admin/audit.service.ts';
import type { PartnerProductChanges, PartnerProductsRepository } from './partner-products.repository.ts';

const rolesSchema = z.array(partnerRoleSchema);

export function loginPathOf(productKey: string): string {
  return `/api/auth/${productKey}-login`;
}

export function rolesOf(row: PartnerProductRow): PartnerRole[] {
  const parsed = rolesSchema.safeParse(JSON.parse(row.allowedRoles));
  return parsed.success ? parsed.data : [];
}

export function jwksOf(row: PartnerProductRow): PartnerJwks {
  return partnerJwksSchema.parse(JSON.parse(row.jwks));
}

export function present(row: PartnerProductRow): PartnerProduct {
  return {
    id: row.id,
    productKey: row.productKey,
    name: row.name,
    clientId: row.clientId,
    redirectUris: JSON.parse(row.redirectUris) as string[],
    allowedRoles: rolesOf(row),
    jwks: jwksOf(row),
    enabled: Boolean(row.enabled),
    loginPath: loginPathOf(row.productKey),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What an audit entry compares; a key is named by its id (or type), not its numbers. */
function auditView(product: PartnerProduct) {
  return {
    productKey: product.productKey,
    name: product.name,
    clientId: product.clientId,
    redirectUris: product.redirectUris,
    allowedRoles: product.allowedRoles,
    keys: product.jwks.keys.map((key) => key.kid ?? `${key.kty} (no kid)`),
    enabled: product.enabled,
  };
}

/**
 * Every key must be a usable public key: a JWK that looks right but does not import would only
 * fail at the partner's first sign-in. Answers E_VALIDATION on `jwks` otherwise.
 */
async function assertUsableKeys(jwks: PartnerJwks): Promise<void> {
  for (const [index, key] of jwks.keys.entries()) {
    const alg = key.alg ?? (key.kty === 'RSA' ? 'RS256' : key.kty === 'EC' ? 'ES256' : 'EdDSA');
    try {
      const imported = await importJWK(key as JWK, alg);
      if (imported instanceof Uint8Array) throw new Error('a symmetric key');
    } catch {
      throw new AppError('E_VALIDATION', {
        details: [
          {
            path: 'body.jwks',
            message: {
              ko: `${index + 1}번째 공개 키를 읽을 수 없습니다. JWK 형식과 알고리즘(alg)을 확인해 주세요.`,
              en: `Key ${index + 1} could not be read. Check its JWK members and its algorithm (alg).`,
            },
          },
        ],
      });
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : '';
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}

/** Partner products (the super administrator's), each change audited. */
export function createPartnerProductsService(deps: {
  repository: PartnerProductsRepository;
  audit: AuditService;
}) {
  const { repository, audit } = deps;

  function assertManager(actor: Actor) {
    if (!canManageGlobalSettings(actor)) throw new AppError('E_FORBIDDEN');
  }

  async function fresh(id: number): Promise<PartnerProduct> {
    const row = await repository.find(id);
    if (!row) throw new AppError('E_NOT_FOUND');
    return present(row);
  }

  async function change(context: AuditContext, id: number, changes: PartnerProductChanges, action: string) {
    const before = await fresh(id);
    if (!(await repository.update(id, changes, new Date().toISOString()))) throw new AppError('E_NOT_FOUND');
    const after = await fresh(id);
    await audit.recordChanges(
      context,
      { action, targetType: 'partner-product', targetId: id, targetLabel: after.name },
      auditView(before),
      auditView(after),
    );
    return after;
  }

  return {
    async list(actor: Actor): Promise<{ items: PartnerProduct[] }> {
      assertManager(actor);
      return { items: (await repository.list()).map(present) };
    },

    async get(actor: Actor, id: number): Promise<PartnerProduct> {
      assertManager(actor);
      return fresh(id);
    },

    async create(context: AuditContext, input: PartnerProductCreate): Promise<PartnerProduct> {
      assertManager(context.actor);
      await assertUsableKeys(input.jwks);
      const clash = await repository.clash(input.clientId, input.productKey);
      if (clash === 'clientId') throw new AppError('E_CONFLICT_002');
      if (clash === 'productKey') throw new AppError('E_PRODUCT_KEY_TAKEN');
      const now = new Date().toISOString();
      let id: number;
      try {
        id = await repository.insert({
          productKey: input.productKey,
          name: input.name,
          clientId: input.clientId,
          redirectUris: JSON.stringify(input.redirectUris),
          allowedRoles: JSON.stringify(input.allowedRoles),
          jwks: JSON.stringify(input.jwks),
          enabled: input.enabled ? 1 : 0,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        // Another request registered the same id between the check and the insert.
        if (isUniqueViolation(error)) throw new AppError('E_CONFLICT_002', { cause: error });
        throw error;
      }
      const product = await fresh(id);
      await audit.record(context, {
        action: 'partner-product.create',
        targetType: 'partner-product',
        targetId: id,
        targetLabel: product.name,
        after: auditView(product),
      });
      return product;
    },

    async update(context: AuditContext, id: number, input: PartnerProductUpdate): Promise<PartnerProduct> {
      assertManager(context.actor);
      const current = await fresh(id);
      if (
        (input.clientId !== undefined && input.clientId !== current.clientId) ||
        (input.productKey !== undefined && input.productKey !== current.productKey)
      )
        throw new AppError('E_IMMUTABLE_VALUE_001');
      if (input.jwks) await assertUsableKeys(input.jwks);
      const changes: PartnerProductChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.redirectUris !== undefined) changes.redirectUris = JSON.stringify(input.redirectUris);
      if (input.allowedRoles !== undefined) changes.allowedRoles = JSON.stringify(input.allowedRoles);
      if (input.jwks !== undefined) changes.jwks = JSON.stringify(input.jwks);
      return change(context, id, changes, 'partner-product.update');
    },

    async setEnabled(context: AuditContext, id: number, enabled: boolean): Promise<PartnerProduct> {
      assertManager(context.actor);
      return change(
        context,
        id,
        { enabled: enabled ? 1 : 0 },
        enabled ? 'partner-product.enable' : 'partner-product.disable',
      );
    },
  };
}

export type PartnerProductsService = ReturnType<typeof createPartnerProductsService>;
