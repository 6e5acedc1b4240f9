import { type Actor, isAdmin } from './actor.ts';

export const VISIBILITIES = ['PUBLIC', 'SCHOOL', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** What the policy needs to know about a library item or any generated material. */
export interface MaterialRecord {
  creatorId: number;
  /** The creator's school when the item was made. */
  schoolId: number | null;
  visibility: Visibility;
  editable: boolean;
}

export type MaterialAction = 'view' | 'edit' | 'copy' | 'changeSettings' | 'delete';

/**
 * Material visibility (core.md §3, §6): PUBLIC is seen by every signed-in user, SCHOOL only by
 * users of the creator's school, PRIVATE only by the creator. Only the creator edits directly or
 * changes the access settings; others may copy an editable item into their own materials.
 * A super administrator sees everything, to answer reports; a school administrator sees what
 * their school may see.
 */
export function canOnMaterial(actor: Actor, action: MaterialAction, material: MaterialRecord): boolean {
  const isCreator = actor.userId === material.creatorId;
  if (action === 'changeSettings' || action === 'edit') return isCreator;
  if (action === 'delete') return isCreator || (isAdmin(actor) && canView(actor, material));
  if (action === 'copy') return canView(actor, material) && (isCreator || material.editable);
  return canView(actor, material);
}

function canView(actor: Actor, material: MaterialRecord): boolean {
  if (actor.userId === material.creatorId) return true;
  if (actor.roles.includes('ROLE_SUPER_ADMIN')) return true;
  if (material.visibility === 'PUBLIC') return true;
  if (material.visibility === 'SCHOOL')
    return actor.schoolId !== null && actor.schoolId === material.schoolId;
  return false;
}

/** The abilities sent to the client with a record, so the UI never re-implements a rule. */
export function materialAbilities(actor: Actor, material: MaterialRecord) {
  return {
    view: canOnMaterial(actor, 'view', material),
    edit: canOnMaterial(actor, 'edit', material),
    copy: canOnMaterial(actor, 'copy', material),
    changeSettings: canOnMaterial(actor, 'changeSettings', material),
    delete: canOnMaterial(actor, 'delete', material),
  };
}
