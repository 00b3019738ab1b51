import { useMemo } from 'react';
import { CLIENT_VERSION, compareVersions, type VersionComparison } from '@planwerk/events/constants';
import { readVersionMeta, type VersionInfo } from './version-info';
import { useGetVersionInfoQuery } from './version.api';

export interface VersionState {
  client: string;
  info: VersionInfo | null;
  comparison: VersionComparison;
}

// The meta tag answers at once; the API refreshes it. Version errors stay silent (spec 7).
export function useVersionInfo(): VersionState {
  const fromMeta = useMemo(() => readVersionMeta(), []);
  const { data } = useGetVersionInfoQuery(undefined, { pollingInterval: 15 * 60_000 });
  const info = data ?? fromMeta;
  return {
    client: CLIENT_VERSION,
    info,
    comparison: info ? compareVersions(info.version, 'web') : 0,
  };
}
