import { z } from 'zod';
import { userPreferencesSchema } from '../accounts/user-preferences.schema';
import { ACCESS_AREAS, ACCESS_LEVELS } from '../constants/access.constants';
import { apiErrorSchema } from '../http/api-response';
import { defineEndpoint } from '../http/endpoint';
import { linkEntrySchema } from '../links/user-link.schema';
import { projectViewSchema } from '../projects/project-queries.endpoints';
import { teamDetailsSchema } from '../teams/team.endpoints';

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

const teamFlagSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

// The body of each bundle, as query-service/src/bundle answers it. The query service's bundle
// definitions return `BundleBody<name>`, so an answer that drifts from its schema fails typecheck.
export const bundleBodySchemas = {
  /** Team details (spec section 3, "Client/team details"). */
  client: teamDetailsSchema.pick({ link: true, name: true, type: true, design: true, pro: true, plan: true, blocked: true, set: true })
    .extend({ cc_id: z.string() }),
  /** The signed-in user's link list, as GET /v5/user/link answers it. */
  links: z.object({ links: z.array(linkEntrySchema) }),
  /** The caller's access in the team: level, team flag, manage entry, access map and every area's access result. */
  access: z.object({
    cc_id: z.string(),
    level: z.enum(ACCESS_LEVELS),
    team: teamFlagSchema,
    manage: z.boolean(),
    access: z.partialRecord(z.enum(ACCESS_AREAS), z.array(z.string()).readonly()),
    /** 2 full, 1 limited, false none (spec section 6). */
    areas: z.record(z.enum(ACCESS_AREAS), z.union([z.literal(2), z.literal(1), z.literal(false)])),
  }),
  /** The signed-in user's account details readable on the query side. */
  user: z.object({
    uid: z.string(),
    login: z.literal(true),
    type: z.string(),
    status: z.enum(['locked', 'active', 'pending']),
    client: z.string().nullable(),
    settings: userPreferencesSchema.nullable(),
  }),
  /** The public project view (GET /v5/project/view/{prjLink}). */
  project: projectViewSchema,
} as const;
export type BundleName = keyof typeof bundleBodySchemas;
export type BundleBody<N extends BundleName> = z.infer<(typeof bundleBodySchemas)[N]>;

/** A bundle's part that failed: no body, the error. Also the part of an unknown bundle name. */
export const failedBundlePartSchema = z.object({ body: z.null(), error: apiErrorSchema });

/** One bundle's part: its body, or its error. */
export function bundlePartSchema<T extends z.ZodType>(body: T) {
  return z.union([z.object({ body, error: z.null() }), failedBundlePartSchema]);
}
export type BundlePart<N extends BundleName> = { body: BundleBody<N>; error: null } | z.infer<typeof failedBundlePartSchema>;

/** The parts of the requested bundles, by name (a name that was not requested is absent). */
export const bundlePartsSchema = z.object({
  client: bundlePartSchema(bundleBodySchemas.client).optional(),
  links: bundlePartSchema(bundleBodySchemas.links).optional(),
  access: bundlePartSchema(bundleBodySchemas.access).optional(),
  user: bundlePartSchema(bundleBodySchemas.user).optional(),
  project: bundlePartSchema(bundleBodySchemas.project).optional(),
}) satisfies z.ZodType<{ [N in BundleName]?: BundlePart<N> }>;
export type BundleParts = z.infer<typeof bundlePartsSchema>;

/** A team the user can pick when no team could be chosen for them (the team picker). */
export const teamChoiceSchema = z.object({ cc_id: z.string(), link: z.string(), name: z.string() });
export type TeamChoice = z.infer<typeof teamChoiceSchema>;

export const bundleAnswerSchema = z.object({
  /** The resolved ids: the team the answer is about (null when none), the project likewise. */
  cc_id: z.string().nullable(),
  cc_link: z.string().nullable(),
  prj_id: z.string().nullable(),
  prj_link: z.string().nullable(),
  bundle: bundlePartsSchema,
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
