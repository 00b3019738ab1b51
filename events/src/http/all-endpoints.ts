import type { EndpointDefinition, ServiceName } from './endpoint';
import { assertUniqueEndpoints, findEndpoint } from './endpoint';
import { feedbackEndpoints } from './feedback.endpoints';

// Every feature's endpoint list, once. The OpenAPI document and the gateway read this.
export const allEndpoints: readonly EndpointDefinition[] = [
  ...feedbackEndpoints,
];

assertUniqueEndpoints(allEndpoints);

/** Which service answers `method path` (gateway routing); undefined when no endpoint matches. */
export function serviceFor(
  method: string,
  path: string,
  endpoints: readonly EndpointDefinition[] = allEndpoints,
): ServiceName | undefined {
  return findEndpoint(endpoints, method, path)?.service;
}
