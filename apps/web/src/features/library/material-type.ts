import type { MaterialType } from '@ssaem/contracts/library';
import { MATERIAL_TYPES } from '@ssaem/contracts/plain-values';
import type { TFunction } from 'i18next';

export function isMaterialType(value: string): value is MaterialType {
  return (MATERIAL_TYPES as readonly string[]).includes(value);
}

/** The material type's name; a type this build does not know is shown as the server sent it. */
export function materialTypeLabel(t: TFunction<'library'>, value: string): string {
  return isMaterialType(value) ? t(`materialType.${value}`) : value;
}
