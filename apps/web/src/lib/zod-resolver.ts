// The forms' resolver: @hookform/resolvers' zodResolver, with each field's message in the page's
// language (lib/field-messages.ts).
import { zodResolver as schemaResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { fieldMessage } from './field-messages';

/** The errors with every message read in the page's language; the fields' elements (`ref`) kept. */
function inPageLanguage<T>(errors: T): T {
  if (Array.isArray(errors)) return errors.map(inPageLanguage) as T;
  if (typeof errors !== 'object' || errors === null) return errors;
  const translated: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref') translated[key] = value;
    else if (key === 'message' && typeof value === 'string') translated[key] = fieldMessage(value);
    else translated[key] = inPageLanguage(value);
  }
  return translated as T;
}

export const zodResolver: typeof schemaResolver = ((...args: Parameters<typeof schemaResolver>) => {
  const resolve = schemaResolver(...args);
  return async (values: FieldValues, context: unknown, options: Parameters<typeof resolve>[2]) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as FieldErrors;
    return Object.keys(errors).length ? { ...result, errors: inPageLanguage(errors) } : result;
  };
}) as typeof schemaResolver;
