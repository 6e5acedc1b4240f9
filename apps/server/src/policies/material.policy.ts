import type { Actor } from './actor.ts';

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

/**
 * `use`: like, bookmark, file into one's folders — what a reader does with a material they may
 * read, never with one they see only to moderate it.
 */
export type MaterialAction = 'view' | 'use' | 'edit' | 'copy' | 'changeSettings' | 'delete';

/**
 * Material visibility (core.md §3, §6): PUBLIC is seen by every signed-in user, SCHOOL only by
 * users of the creator's school, PRIVATE only by the creator. Only the creator edits directly or
 * changes the access settings; others may copy an editable item into their own materials.
 * A super administrator sees everything, to answer reports and remove what breaks the rules, but
 * does not use others' items as a reader (no likes, bookmarks, folders or copies of items they
 * could not otherwise read). A school administrator sees what their school may see and may remove
 * what their own school's teachers made — never another school's.
 */
export function canOnMaterial(actor: Actor, action: MaterialAction, material: MaterialRecord): boolean {
  const isCreator = actor.userId === material.creatorId;
  if (action === 'changeSettings' || action === 'edit') return isCreator;
  if (action === 'delete')
    return isCreator || isSuperAdmin(actor) || (isSchoolAdminOf(actor, material) && canRead(actor, material));
  if (action === 'copy') return canRead(actor, material) && (isCreator || material.editable);
  if (action === 'use') return canRead(actor, material);
  return canRead(actor, material) || isSuperAdmin(actor);
}

function isSuperAdmin(actor: Actor): boolean {
  return actor.roles.includes('ROLE_SUPER_ADMIN');
}

function isSchoolAdminOf(actor: Actor, material: MaterialRecord): boolean {
  return (
    actor.roles.includes('ROLE_ADMIN') && actor.schoolId !== null && actor.schoolId === material.schoolId
  );
}

/** What visibility alone lets the actor read. */
function canRead(actor: Actor, material: MaterialRecord): boolean {
  if (actor.userId === material.creatorId) return true;
  if (material.visibility === 'PUBLIC') return true;
  if (material.visibility === 'SCHOOL')
    return actor.schoolId !== null && actor.schoolId === material.schoolId;
  return false;
}

/** The abilities sent to the client with a record, so the UI never re-implements a rule. */
export function materialAbilities(actor: Actor, material: MaterialRecord) {
  return {
    view: canOnMaterial(actor, 'view', material),
    use: canOnMaterial(actor, 'use', material),
    edit: canOnMaterial(actor, 'edit', material),
    copy: canOnMaterial(actor, 'copy', material),
    changeSettings: canOnMaterial(actor, 'changeSettings', material),
    delete: canOnMaterial(actor, 'delete', material),
  };
}
