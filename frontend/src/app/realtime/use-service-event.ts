import { useEffect, useRef } from 'react';
import type { ServiceEvent } from '@planwerk/events/constants';
import { liveConnection } from './live-connection';

/**
 * Handles a service event of the second socket (spec section 4: logout, update, trace, loader,
 * msg, popup, reload, redirect, route) while the component is mounted (nothing on a page without sockets, i.e. embeds). The shell wires each to
 * its action (popup → the popup hub, logout → the session-expired flow, route → navigate, …).
 */
export function useServiceEvent(event: ServiceEvent, handler: (data: Record<string, unknown>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => liveConnection()?.service.on(event, (data) => latest.current(data)), [event]);
}
