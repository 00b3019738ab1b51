import { z } from 'zod';
import { apiErrorSchema } from '../http/api-response';
import { defineEndpoint } from '../http/endpoint';

// POST /v5/bundle (spec section 7): several reads in one call, each answered on its own.

/** Bundle names are registry keys of the query service (`client`, `links`, `access`, `user`, ...). */
export const BUNDLE_NAME = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_BUNDLES_PER_REQUEST = 20;

/** `cc_link` "0" means no team chosen (spec section 2, team-app). */
export const NO_TEAM_LINK = '0';

const optionalId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative().transform(String)]).nullish().transform((v) => v ?? null);

export const bundleHeaderSchema = z.object({
  cc_id: optionalId,
  prj_id: optionalId,
  cc_link: optionalId,
  prj_link: optionalId,
});
export type BundleHeader = z.output<typeof bundleHeaderSchema>;

export const bundleRequestSchema = z.object({
  header: bundleHeaderSchema.default({ cc_id: null, prj_id: null, cc_link: null, prj_link: null }),
  bundle: z.array(z.string().regex(BUNDLE_NAME, 'not a bundle name')).min(1).max(MAX_BUNDLES_PER_REQUEST),
  // The project password of password-protected projects; never stored or cached in plaintext.
  prj_pass: z.string().max(200).nullish().transform((v) => v ?? null),
});
export type BundleRequest = z.output<typeof bundleRequestSchema>;

export const bundlePartSchema = z.object({ body: z.unknown(), error: apiErrorSchema.nullable() });
export type BundlePart = z.infer<typeof bundlePartSchema>;

/** A team the user can pick when no team could be chosen for them (the team picker). */
export const teamChoiceSchema = z.object({ cc_id: z.string(), link: z.string(), name: z.string() });
export type TeamChoice = z.infer<typeof teamChoiceSchema>;

export const bundleAnswerSchema = z.object({
  /** The resolved ids: the team the answer is about (null when none), the project likewise. */
  cc_id: z.string().nullable(),
  cc_link: z.string().nullable(),
  prj_id: z.string().nullable(),
  prj_link: z.string().nullable(),
  bundle: z.record(z.string(), bundlePartSchema),
  /** Set when a team was needed but none could be chosen: the teams to pick from (maybe none). */
  pick: z.array(teamChoiceSchema).nullable(),
});
export type BundleAnswer = z.infer<typeof bundleAnswerSchema>;

export const bundleEndpoint = defineEndpoint({
  operationId: 'loadBundle', method: 'POST', path: '/v5/bundle', service: 'query', tag: 'bundle',
  summary: 'Several reads in one call, each with its own body and error; cached 5 minutes per user and request',
  body: bundleRequestSchema,
  response: bundleAnswerSchema,
});

export const bundleEndpoints = [bundleEndpoint] as const;
