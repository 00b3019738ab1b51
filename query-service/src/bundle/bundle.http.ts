import { Body, Controller, Post, Query, Req, HttpCode } from '@nestjs/common';
import { bundleEndpoint, bundleRequestSchema, DomainError, ok, preferredLanguage, type ApiResponse, type BundleAnswer } from '@planwerk/events';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { signedInUser } from '../shared/auth/request-actor';
import { BundleInvalidator } from './bundle-invalidator';
import { BundleService } from './bundle.service';

const bundleQuery = z.object({ minCheckpoint: z.string().min(1).optional() });

// POST /v5/bundle (spec section 7) on the query service: read-only, so it lives with the reads.
@Controller()
export class BundleHttp {
  constructor(
    private readonly bundles: BundleService,
    private readonly invalidator: BundleInvalidator,
  ) {}

  @Post(bundleEndpoint.path.slice(1))
  @HttpCode(200)
  async load(
    @Body() body: unknown,
    @Query(new ZodQueryPipe(bundleQuery)) query: z.output<typeof bundleQuery>,
    @Req() request: FastifyRequest,
  ): Promise<ApiResponse<BundleAnswer>> {
    const parsed = bundleRequestSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path ?? [];
      throw new DomainError('validation_failed', { field: path.length > 0 ? path.map(String).join('.') : 'body' });
    }
    // Read-your-writes: a command's checkpoint makes sure its change has reached the cache.
    await this.invalidator.waitFor(query.minCheckpoint);
    const language = preferredLanguage(first(request.headers['accept-language']));
    return ok(await this.bundles.load(parsed.data, { userId: signedInUser(request)?.userId ?? null, language, clientIp: request.ip }));
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
