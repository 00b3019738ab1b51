import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query } from '@nestjs/common';
import {
  allEndpoints,
  buildOpenApiDocument,
  DomainError,
  getUpdateVersionEndpoint,
  iosBody,
  iosFlagsFor,
  sendIosEndpoint,
  type IosFlags,
  ok,
  platformEndpoints,
  type EndpointDefinition,
  type ApiResponse,
  type MinCheckpointQuery,
  type OpenApiDocument,
  type VersionInfo,
} from '@planwerk/events';
import { VERSION_INFO } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';

// The platform's own reads: published versions (spec section 7, update/version) and the API
// description of every command and query endpoint.
@Controller('v5')
export class PlatformController {
  private readonly openApi: OpenApiDocument = buildOpenApiDocument(withPlatformEndpoints(allEndpoints));

  constructor(@Inject(VERSION_INFO) private readonly versionInfo: VersionInfo) {}

  // Configuration, not a read model: minCheckpoint is accepted (every query takes it) but
  // there is no projection to wait for.
  @Get('update/version')
  @Header('cache-control', 'no-cache')
  getUpdateVersion(@Query(new ZodQueryPipe(getUpdateVersionEndpoint.query)) _query: MinCheckpointQuery): ApiResponse<VersionInfo> {
    return ok(this.versionInfo);
  }

  // POST /v5/ios (spec section 7): the iOS app's flags for its version; configuration only.
  @Post(sendIosEndpoint.path.slice(1).replace(/^v5\//, ''))
  @HttpCode(200)
  sendIos(@Body() body: unknown): ApiResponse<IosFlags> {
    const parsed = iosBody.safeParse(body ?? {});
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path ?? [];
      throw new DomainError('validation_failed', { field: path.length > 0 ? path.map(String).join('.') : 'version' });
    }
    return ok(iosFlagsFor(parsed.data.version, this.versionInfo));
  }

  // Unwrapped on purpose: OpenAPI tools (codegen, viewers) expect the bare document.
  @Get('openapi.json')
  getOpenApi(): OpenApiDocument {
    return this.openApi;
  }
}

// The registry may not list the platform endpoints yet; never list one twice.
function withPlatformEndpoints(endpoints: readonly EndpointDefinition[]): EndpointDefinition[] {
  const known = new Set(endpoints.map((e) => e.operationId));
  return [...endpoints, ...platformEndpoints.filter((e) => !known.has(e.operationId))];
}
