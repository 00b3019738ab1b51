import type { RouteObject } from 'react-router';
import { routeHandle } from '../../app/route-meta';
import { projectPaths } from '../projects';

// preset and preset/{presetId} (manage_preset, spec section 2).
export const presetsRoutes: RouteObject[] = [
  {
    path: projectPaths.presets.path,
    handle: routeHandle({ name: 'manage-preset', access: { kind: 'id', key: 'manage_preset' } }),
    lazy: async () => ({ Component: (await import('./presets-page')).PresetsPage }),
  },
  {
    path: projectPaths.preset.path,
    handle: routeHandle({ name: 'manage-preset-details', access: { kind: 'item', key: 'manage_preset', param: 'presetId' } }),
    lazy: async () => ({ Component: (await import('./presets-page')).PresetDetailsPage }),
  },
];
