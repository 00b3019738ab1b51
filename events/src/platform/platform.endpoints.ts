import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { versionInfoSchema } from './version-info.schema';

// Read-your-writes (architecture.md, projector rule 4): every query takes the checkpoint a
// command answered with and is held until its projection has caught up.
export const minCheckpointQuery = z.object({
  minCheckpoint: z.string().min(1).max(200).optional(),
});

export type MinCheckpointQuery = z.infer<typeof minCheckpointQuery>;

export const getUpdateVersionEndpoint = defineEndpoint({
  operationId: 'getUpdateVersion',
  method: 'GET',
  path: '/v5/update/version',
  service: 'query',
  tag: 'platform',
  summary: 'Published client versions per platform (web, android, ios), social and conf settings, action list',
  query: minCheckpointQuery,
  response: versionInfoSchema,
});

// /v5/openapi.json and the /v5/ws socket are served by the query service too, but they are not
// wrapped answers, so they are not declared here (see the query service's routes).
export const platformEndpoints = [getUpdateVersionEndpoint] as const;
