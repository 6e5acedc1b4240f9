import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors/app-error.ts';
import type { SpooledFile } from '../../platform/http/upload-spool.ts';

export const MAX_TOOL_FILE_BYTES = 20 * 1024 * 1024;

/**
 * A tool's form: JSON, or multipart with the form as JSON in one field (`inputDto`, `data`) and
 * the files beside it (document-tools.md §7). The form may come as a plain field or as a Blob part
 * (Content-Type application/json), as Spring-style and browser clients send it.
 */
export async function readToolForm(
  request: FastifyRequest,
  options: { maxFiles: number; formFields?: string[] },
): Promise<{ input: unknown; files: SpooledFile[] }> {
  if (!request.isMultipart()) return { input: request.body, files: [] };
  const formFields = new Set(options.formFields ?? ['inputDto', 'data']);
  let input: unknown;
  // Files go to disk as they arrive (removed once the response is sent); readers get their paths.
  const files: SpooledFile[] = [];
  for await (const part of request.parts({
    limits: { fileSize: MAX_TOOL_FILE_BYTES + 1, files: options.maxFiles },
  })) {
    if (part.type === 'file' && formFields.has(part.fieldname)) {
      input = parseForm((await part.toBuffer()).toString('utf8'));
    } else if (part.type === 'file') {
      files.push(await request.spoolFile(part, MAX_TOOL_FILE_BYTES));
    } else if (formFields.has(part.fieldname)) {
      input = parseForm(String(part.value));
    }
  }
  return { input, files };
}

function parseForm(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('E_VALIDATION');
  }
}

/** Schema problems of a tool form, as the error shape's details (the spec's messages kept). */
export function formError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  return new AppError('E_VALIDATION', {
    details: issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
  });
}
