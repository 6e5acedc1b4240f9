import { expect } from 'vitest';
import { DocumentError, type DocumentErrorReason } from '../src/document-error.ts';

/** Runs `action` and checks it fails with our coded error for `reason`. */
export async function expectDocumentError(
  action: () => unknown | Promise<unknown>,
  reason: DocumentErrorReason,
): Promise<DocumentError> {
  let caught: unknown;
  try {
    await action();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected a DocumentError').toBeInstanceOf(DocumentError);
  const error = caught as DocumentError;
  expect(error.code).toBe('E_FILE_001');
  expect(error.reason).toBe(reason);
  return error;
}
