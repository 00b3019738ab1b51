import { applyDecorators, HttpCode, RequestMapping, RequestMethod } from '@nestjs/common';
import type { EndpointDefinition } from '@planwerk/events';

/** Mounts a handler at an endpoint of the shared registry, so path and method live in one place. */
export function Endpoint(endpoint: EndpointDefinition): MethodDecorator {
  if (endpoint.service !== 'command') throw new Error(`${endpoint.operationId} belongs to the ${endpoint.service} service`);
  return applyDecorators(
    RequestMapping({ path: endpoint.path.replace(/\{(\w+)\}/g, ':$1'), method: RequestMethod[endpoint.method] }),
    HttpCode(endpoint.successStatus ?? 200),
  );
}
