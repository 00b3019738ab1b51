import { z } from 'zod';
import { API_HEADERS, API_VERSION } from '../constants/versions.constants';

// Spec section 3: every answer is `{ body, error, status }`; an error is `{ status, intern, text }`.
export interface ApiError {
  status: number;
  intern: number | string;
  text: string;
  /** The input field that failed, for validation errors. */
  field?: string;
  /** The error dialog's button (plan errors, spec section 8). */
  button?: { target: string; label: string };
  /** Seconds until a limit lifts (login_throttled). */
  retryAfterSeconds?: number;
}

export interface ApiResponse<T> {
  body: T | null;
  error: ApiError | null;
  status: number;
}

export const apiErrorSchema = z.object({
  status: z.number().int(),
  intern: z.union([z.number().int(), z.string()]),
  text: z.string(),
  field: z.string().optional(),
  button: z.object({ target: z.string(), label: z.string() }).optional(),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
});

export function apiResponseSchema<T extends z.ZodType>(body: T) {
  return z.object({ body: body.nullable(), error: apiErrorSchema.nullable(), status: z.number().int() });
}

export function ok<T>(body: T, status = 200): ApiResponse<T> {
  return { body, error: null, status };
}

export function failed(error: ApiError): ApiResponse<never> {
  return { body: null, error, status: error.status };
}

// Spec section 7 headers plus the ones the platform adds, lower-case as HTTP/2 sends them.
export const HTTP_HEADERS = {
  // authorization carries `token.device` (spec section 7).
  ...API_HEADERS,
  idempotencyKey: 'idempotency-key',
  correlationId: 'x-correlation-id',
  acceptLanguage: 'accept-language',
} as const;

export const CURRENT_API_VERSION = API_VERSION;
