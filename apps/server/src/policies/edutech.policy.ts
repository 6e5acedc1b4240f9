import { type Actor, hasAnyRole } from './actor.ts';

/** What the policy needs to know about a catalogue product. */
export interface EdutechProductRecord {
  reviewStatus: string;
  serviceStatus: string;
  /** The user who runs the product's vendor, if a vendor lists it. */
  vendorOwnerId: number | null;
}

/** What the policy needs to know about a licence in use. */
export interface EdutechLicenceRecord {
  userId: number;
}

const TEACHING = ['ROLE_TEACHER', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

/** Teachers (and administrators) choose, like and register edutech; providers list it. */
export function canBrowseEdutech(actor: Actor): boolean {
  return hasAnyRole(actor, [...TEACHING, 'ROLE_PROVIDER']);
}

/**
 * An approved product is in the catalogue for everyone who browses it; a product waiting for
 * approval, rejected or withdrawn is seen by its own vendor and the super administrator only.
 */
export function canReadEdutechProduct(actor: Actor, product: EdutechProductRecord): boolean {
  if (!canBrowseEdutech(actor)) return false;
  if (product.reviewStatus === 'APPROVED') return true;
  return isProductVendor(actor, product) || actor.roles.includes('ROLE_SUPER_ADMIN');
}

export function isProductVendor(actor: Actor, product: EdutechProductRecord): boolean {
  return (
    actor.roles.includes('ROLE_PROVIDER') &&
    product.vendorOwnerId !== null &&
    product.vendorOwnerId === actor.userId
  );
}

/** Likes and licences are a teacher's, for products in the catalogue. */
export function canUseEdutechProduct(actor: Actor, product: EdutechProductRecord): boolean {
  return hasAnyRole(actor, TEACHING) && product.reviewStatus === 'APPROVED';
}

/** A vendor changes its own products until it withdraws them. */
export function canEditEdutechProduct(actor: Actor, product: EdutechProductRecord): boolean {
  return isProductVendor(actor, product) && product.reviewStatus !== 'WITHDRAWN';
}

/** New products are approved (or rejected) by the super administrator. */
export function canReviewEdutechProduct(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SUPER_ADMIN');
}

/** A licence in use is its teacher's alone. */
export function canManageEdutechLicence(actor: Actor, licence: EdutechLicenceRecord): boolean {
  return licence.userId === actor.userId;
}
