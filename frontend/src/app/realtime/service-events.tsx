import { useEffect, useRef, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useNavigate } from 'react-router';
import { UpdateDialog } from '../../features/update/update-dialog';
import { ShellLoader } from '../app-shell-loader';
import { sessionExpired } from '../auth.slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { messageOpened, popupShown, type MessageLayer, type Popup } from '../ui.slice';
import { liveConnection } from './live-connection';
import { useServiceEvent } from './use-service-event';
import { routeTrace } from '../route-trace';

// Service events of the second socket (spec section 4): logout, update, trace, loader, msg,
// popup, reload, redirect, route. Their `data` comes from the server as plain values; texts are
// shown as sent (the server chooses the language), only the defaults are translated here.

export const serviceMessages = defineMessages({
  text: { id: 'app.service.text', defaultMessage: '{text}', description: 'A popup text sent by the server (shown as sent)' },
  msgTitle: { id: 'app.service.msgTitle', defaultMessage: 'Hinwies', description: 'Default title of a server message (spec section 4 spells it "Hinwies")' },
  msgExit: { id: 'app.service.msgExit', defaultMessage: 'Schließen', description: 'Default exit text of a server message' },
});

const DESIGNS = ['info', 'success', 'warning', 'danger'] as const;
type Design = (typeof DESIGNS)[number];

function text(data: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

function designOf(value: unknown): Design {
  if (value === 'error') return 'danger';
  return DESIGNS.find((design) => design === value) ?? 'info';
}

function toneOf(design: Design): Popup['tone'] {
  if (design === 'success') return 'success';
  return design === 'danger' || design === 'warning' ? 'danger' : 'info';
}

/** A `msg` service event as a message layer: design info, title "Hinwies", exit "Schließen" unless sent. */
export function serviceMessageOf(data: Record<string, unknown>): Omit<MessageLayer, 'key'> | null {
  const body = text(data, 'text', 'message', 'body');
  if (body === null) return null;
  const title = text(data, 'title');
  const exitText = text(data, 'exit_text', 'exitText');
  return {
    design: designOf(data.design),
    title: title === null ? { message: serviceMessages.msgTitle } : { plain: title },
    text: { plain: body },
    exitText: exitText === null ? { message: serviceMessages.msgExit } : { plain: exitText },
    exit: data.exit !== false,
  };
}

/** Where `redirect` may go: an absolute http(s) address or a path of this origin. */
export function redirectTarget(data: Record<string, unknown>, origin: string): string | null {
  const raw = text(data, 'url', 'href', 'link');
  if (raw === null) return null;
  try {
    const url = new URL(raw, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Where `route` goes inside the console: a path starting with one slash. */
export function routeTarget(data: Record<string, unknown>): string | null {
  const raw = text(data, 'route', 'path', 'href');
  return raw !== null && raw.startsWith('/') && !raw.startsWith('//') ? raw : null;
}

function loaderShown(data: Record<string, unknown>): boolean {
  const value = data.show ?? data.visible ?? data.state ?? data.loader;
  return value === true || value === 1 || value === 'show' || value === 'on';
}

function LoaderLayer() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="dialog" data-testid="service-loader" onCancel={(event) => event.preventDefault()}>
      <ShellLoader />
    </dialog>
  );
}

/** The shell's handlers of the service events, with the layers they open. */
export function ServiceEvents() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const [updateOpen, setUpdateOpen] = useState(false);
  const [loader, setLoader] = useState(false);

  // The server ended this session (logout elsewhere, password change, erasure).
  // Handled like a 6011 answer (spec sections 4 and 8): the sign-out dialog with Back and Sign
  // in; calls made meanwhile are held and replayed after the new login.
  useServiceEvent('logout', () => {
    if (!signedIn) return;
    dispatch(sessionExpired());
  });
  useServiceEvent('popup', (data) => {
    const body = text(data, 'text', 'message', 'body');
    if (body !== null) dispatch(popupShown({ message: serviceMessages.text, values: { text: body }, tone: toneOf(designOf(data.design)) }));
  });
  useServiceEvent('msg', (data) => {
    const message = serviceMessageOf(data);
    // Message layers stack: the newest is on top (the shell's message stack shows them).
    if (message) dispatch(messageOpened(message));
  });
  useServiceEvent('reload', () => window.location.reload());
  useServiceEvent('redirect', (data) => {
    const target = redirectTarget(data, window.location.origin);
    if (target) window.location.assign(target);
  });
  useServiceEvent('route', (data) => {
    const target = routeTarget(data);
    if (target) void navigate(target);
  });
  useServiceEvent('loader', (data) => setLoader(loaderShown(data)));
  useServiceEvent('update', () => setUpdateOpen(true));
  // A route trace on request: where this page is and the tab's recent routes, on the log socket.
  useServiceEvent('trace', (data) => {
    const requested = text(data, 'id', 'trace');
    liveConnection()?.log.log('trace', { href: window.location.href, signedIn, routes: routeTrace(), ...(requested ? { trace: requested } : {}) });
  });

  return (
    <>
      {loader && <LoaderLayer />}
      <UpdateDialog open={updateOpen} onClose={() => setUpdateOpen(false)} />
    </>
  );
}
