import { z } from 'zod';

/** A client-side error report (core.md §3 Error report). The server fills in errorIp itself. */
export const errorReportSchema = z
  .object({
    errorMessage: z.string().min(1).max(2000),
    errorType: z.string().max(200).optional(),
    errorStack: z.string().max(10000).optional(),
    errorUrl: z.string().max(2000).optional(),
    errorBrowser: z.string().max(200).optional(),
    errorOs: z.string().max(200).optional(),
    errorDevice: z.string().max(200).optional(),
    errorUserAgent: z.string().max(1000).optional(),
  })
  .meta({ id: 'ErrorReportInput' });
export type ErrorReport = z.infer<typeof errorReportSchema>;

export const errorReportCreatedSchema = z.object({ id: z.number().int() });
