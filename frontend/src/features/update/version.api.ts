import type { getUpdateVersionEndpoint } from '@planwerk/events/platform/platform.endpoints';
import { api } from '../../app/api';
import { fromContract, route } from '../../app/contract';
import { parseVersionInfo } from './version-info';

// GET /v5/update/version (events/src/platform/platform.endpoints.ts). The answer is read with
// the same check as the page's meta tag (version-info.ts): an older server's answer counts as none.
export const versionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVersionInfo: build.query({
      ...fromContract(route<typeof getUpdateVersionEndpoint>('GET /v5/update/version', 'minCheckpoint'), (_: void) => ({ params: {} }), parseVersionInfo),
      providesTags: ['VersionInfo'],
    }),
  }),
});

export const { useGetVersionInfoQuery } = versionApi;
