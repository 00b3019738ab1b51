import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { LAYOUT_PX, SIDEBAR_MODE, type SidebarMode } from '@planwerk/events/constants';
import { useAppSelector } from '../hooks';
import type { RouteMeta } from '../route-meta';
import { useLayer } from './layers';

// Pinning and the sidebar column need a width above 1000 px (spec section 9).
const WIDE_QUERY = `(min-width: ${LAYOUT_PX.sidebarPinMin + 1}px)`;

function subscribeWide(listener: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE_QUERY).matches);
}

/**
 * The sidebar mode of spec section 4 for this route and width: 2 pinned (stored mode 2, wide
 * screens only), 1 follows the route (shown unless the route hides it), 0 hidden (narrow
 * screens, sub-views and routes that hide it). A hidden sidebar opens as a drawer.
 */
export function sidebarModeFor(stored: 1 | 2, wide: boolean, meta: RouteMeta | null): SidebarMode {
  if (meta?.subView) return SIDEBAR_MODE.hidden;
  if (!wide) return SIDEBAR_MODE.hidden;
  if (stored === SIDEBAR_MODE.pinned) return SIDEBAR_MODE.pinned;
  return meta?.navSidebarHide ? SIDEBAR_MODE.hidden : SIDEBAR_MODE.followsRoute;
}

export interface SidebarState {
  mode: SidebarMode;
  wide: boolean;
  drawerOpen: boolean;
  openDrawer: () => void;
  closeDrawer: () => void;
}

export function useSidebar(meta: RouteMeta | null, pathname: string): SidebarState {
  const stored = useAppSelector((state) => state.preferences.sidebar);
  const wide = useWideScreen();
  const mode = sidebarModeFor(stored, wide, meta);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const canOpen = mode === SIDEBAR_MODE.hidden && !meta?.subView;
  const openDrawer = useCallback(() => setDrawerOpen(true), []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const open = drawerOpen && canOpen;

  // A new route or a shown sidebar column closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname, mode]);
  useLayer('sidebar', open, () => {
    setDrawerOpen(false);
    return true;
  });
  useEdgeSwipe(canOpen, open, openDrawer, closeDrawer);

  return { mode, wide, drawerOpen: open, openDrawer, closeDrawer };
}

// Swipe from the left edge (start under 25 px) over 50 px opens; a left swipe over 50 px closes
// (spec sections 4 and 9).
function useEdgeSwipe(enabled: boolean, open: boolean, onOpen: () => void, onClose: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch) {
        start = null;
        return;
      }
      start = open || touch.clientX < LAYOUT_PX.edgeSwipe ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      start = null;
      // A mostly vertical move is a scroll, not a swipe.
      if (Math.abs(dy) > Math.abs(dx)) return;
      if (!open && dx > LAYOUT_PX.swipeThreshold) onOpen();
      if (open && -dx > LAYOUT_PX.swipeThreshold) onClose();
    };
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      document.removeEventListener('touchstart', onStart);
      document.removeEventListener('touchend', onEnd);
    };
  }, [enabled, open, onOpen, onClose]);
}
