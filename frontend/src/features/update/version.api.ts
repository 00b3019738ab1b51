import { api } from '../../app/api';
import { parseVersionInfo, type VersionInfo } from './version-info';

export const versionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVersionInfo: build.query<VersionInfo | null, void>({
      query: () => 'update/version',
      transformResponse: (body: unknown) => parseVersionInfo(body),
      providesTags: ['VersionInfo'],
    }),
  }),
});

export const { useGetVersionInfoQuery } = versionApi;
