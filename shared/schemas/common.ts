import { z } from 'zod';
import { ERROR_CODES } from '#shared/constants/error-codes.ts';

/** Every API error body. */
/** Every API error: a listed code (the client decides on it), the message shown, and the form field at fault. */
export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });
export type Health = z.infer<typeof healthSchema>;
