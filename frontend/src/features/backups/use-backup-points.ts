import { useState } from 'react';
import { shallowEqual } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import { NEWEST_POINT } from './backup.paths';
import { backupsApi, useListBackupPointsQuery, type BackupMarker, type RestorePoint } from './backups.api';

// The store's type knows the tags of the injected endpoints only at run time.
type BackupsRootState = Parameters<ReturnType<typeof backupsApi.endpoints.listBackupPoints.select>>[0];

/** Keeps one page of restore points subscribed (the slider reads every loaded page from the store). */
export function PointsPage({ teamId, projectId, before }: { teamId: string; projectId: string; before: string | undefined }) {
  useListBackupPointsQuery({ teamId, projectId, before });
  return null;
}

/**
 * The loaded restore points of a project, oldest first, with its markers, and the point the
 * path names (a marker's id, a position, or the newest). Render a PointsPage per cursor.
 */
export function useBackupPoints(teamId: string, projectId: string, backupId: string | undefined) {
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useListBackupPointsQuery({ teamId, projectId });
  const pages = useAppSelector(
    (state) => [undefined, ...cursors].map((before) => backupsApi.endpoints.listBackupPoints.select({ teamId, projectId, before })(state as BackupsRootState).data),
    shallowEqual,
  );

  // Oldest first: the slider runs from the project's beginning to now.
  const points: RestorePoint[] = [];
  const markers = new Map<string, BackupMarker>();
  for (const page of pages) {
    for (const day of page?.days ?? []) points.push(...day.points);
    for (const marker of page?.markers ?? []) markers.set(marker.backupId, marker);
  }
  points.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
  const unique = points.filter((point, index) => index === 0 || points[index - 1]?.position !== point.position);
  const lastPage = pages[pages.length - 1];
  const markerOf = backupId ? markers.get(backupId) : undefined;
  const wanted = markerOf?.position ?? backupId;
  let index = unique.length - 1;
  if (wanted && wanted !== NEWEST_POINT) {
    const found = unique.findIndex((point) => point.position === wanted);
    if (found >= 0) index = found;
  }
  const next = lastPage?.next;
  return {
    first, cursors, unique, markers, index,
    selected: unique[index],
    loadOlder: next ? () => setCursors((current) => [...current, next]) : undefined,
  };
}
