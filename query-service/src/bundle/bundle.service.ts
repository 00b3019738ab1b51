import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  errorBody,
  type ApiError,
  type BundleAnswer,
  type BundleParts,
  type BundleRequest,
  type ErrorLanguage,
  type LinkEntry,
} from '@planwerk/events';
import { CLOCK, lastChosenTeam, listUserLinks, loadTeamMembership, type CallerMembership, type Clock } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { BUNDLE_CACHE, BundleInvalidator, type BundleAnswerCache } from './bundle-invalidator';
import type { BundleContext, BundleRegistry } from './bundle-registry';
import { teamLinkTag, teamTag, userTag } from './bundle-tags';
import { resolveTeam, teamRequestOf, type TeamResolution } from './team-resolution';

export const BUNDLE_REGISTRY = Symbol('BUNDLE_REGISTRY');

export interface BundleCaller {
  userId: string | null;
  language: ErrorLanguage;
  clientIp?: string | null;
}

/** POST /v5/bundle: resolves the team once, answers each bundle on its own, caches the whole answer. */
@Injectable()
export class BundleService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(BUNDLE_REGISTRY) private readonly registry: BundleRegistry,
    @Inject(BUNDLE_CACHE) private readonly cache: BundleAnswerCache,
    private readonly invalidator: BundleInvalidator,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async load(request: BundleRequest, caller: BundleCaller): Promise<BundleAnswer> {
    const key = cacheKey(request, caller);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const stamp = this.cache.begin();
    const { answer, tags } = await this.compute(request, caller);
    if (this.invalidator.live) this.cache.set(key, answer, tags, stamp);
    return answer;
  }

  private async compute(request: BundleRequest, caller: BundleCaller): Promise<{ answer: BundleAnswer; tags: string[] }> {
    const { userId, language } = caller;
    const names = [...new Set(request.bundle)];
    const tags = new Set<string>(userId ? [userTag(userId)] : []);
    const links: LinkEntry[] = userId ? await listUserLinks(this.pool, userId) : [];
    const needsTeam = userId !== null && names.some((name) => this.registry.get(name)?.team === true);
    const team = needsTeam && userId ? await this.resolve(request, userId, links, tags) : null;
    const context: BundleContext = { db: this.pool, userId, links, team: team?.membership ?? null, prjPass: request.prj_pass, header: request.header, clientIp: caller.clientIp ?? null, now: this.clock.now() };

    // Unknown names get their error part too (the contract types the known names' parts).
    const parts: Record<string, NonNullable<BundleParts[keyof BundleParts]>> = {};
    for (const name of names) {
      const definition = this.registry.get(name);
      if (!definition) {
        parts[name] = fail(errorBody('bundle_unknown', { language }));
        continue;
      }
      if (definition.login && userId === null) {
        parts[name] = fail(errorBody(6011, { language }));
        continue;
      }
      if (definition.team && team?.resolution.kind !== 'team') {
        parts[name] = fail(resolutionError(team?.resolution, language));
        continue;
      }
      try {
        for (const tag of definition.tags(context)) tags.add(tag);
        parts[name] = { body: await definition.load(context), error: null };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        parts[name] = fail(error.toBody(language));
      }
    }
    const resolved = team?.resolution.kind === 'team' ? team.resolution : null;
    return {
      answer: {
        cc_id: resolved?.teamId ?? null, cc_link: resolved?.link ?? null,
        prj_id: request.header.prj_id, prj_link: request.header.prj_link,
        bundle: parts,
        pick: team?.resolution.kind === 'pick' ? team.resolution.choices : null,
      },
      tags: [...tags],
    };
  }

  private async resolve(request: BundleRequest, userId: string, links: LinkEntry[], tags: Set<string>) {
    const teamRequest = teamRequestOf(request.header);
    let found: CallerMembership | null = null;
    if (teamRequest.kind === 'named') {
      // A link that names no team yet matches once a team takes it: depend on the slug too.
      tags.add(teamLinkTag(teamRequest.ref));
      found = await loadTeamMembership(this.pool, teamRequest.ref, userId);
    }
    const lastChosen = teamRequest.kind === 'default' ? await lastChosenTeam(this.pool, userId) : null;
    const resolution = resolveTeam({ request: teamRequest, found, links, lastChosen });
    let membership = found;
    if (resolution.kind === 'team') {
      tags.add(teamTag(resolution.teamId));
      membership ??= await loadTeamMembership(this.pool, resolution.teamId, userId);
    }
    return { resolution, membership };
  }
}

function fail(error: ApiError): { body: null; error: ApiError } {
  return { body: null, error };
}

function resolutionError(resolution: TeamResolution | undefined, language: ErrorLanguage): ApiError {
  switch (resolution?.kind) {
    case 'not_found':
      return errorBody('not_found', { language });
    case 'no_link_record':
      // The same answer as an unknown team: a link tells outsiders nothing (ADR 0005).
      return errorBody('not_found', { language });
    case 'pick':
    case 'team':
    case undefined:
      // The team picker: "Nicht ausreichende Berechtigung für das Team" with the teams to pick from.
      return errorBody('team_choice_needed', { language });
    default:
      return exhaustive(resolution);
  }
}

// Per user and request; the project password only as a hash, so the key holds no secret. With a
// password also per client address: wrong passwords are limited per client (a blocked client's
// answer must not reach another).
function cacheKey(request: BundleRequest, caller: BundleCaller): string {
  const pass = request.prj_pass === null ? null : createHash('sha256').update(request.prj_pass).digest('base64url');
  const client = pass === null ? null : caller.clientIp ?? null;
  return JSON.stringify([caller.userId ?? 'anonymous', caller.language, request.header, [...new Set(request.bundle)].sort(), pass, client]);
}

function exhaustive(value: never): never {
  throw new Error(`Unexpected team resolution ${JSON.stringify(value)}`);
}
