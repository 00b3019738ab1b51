import { useEffect, useRef } from 'react';

// Layers the shell closes with Escape and with the back action, in the fixed order of spec
// section 2 (navigation guard step 2): message, dropdown hub, search, setup dialog, viewer,
// insert dialog, item details, user tools, notifications. The shell's own extras (help, the
// sidebar drawer) come last. Dialogs of the feature screens (setup, insert, details) are native
// modal <dialog>s without `data-layer`; they count as the setup-dialog step.
export const LAYER_ORDER = [
  'message', 'dropdown', 'search', 'setup', 'viewer', 'insert', 'details', 'userTools', 'notifications', 'help', 'sidebar',
] as const;
export type LayerKind = (typeof LAYER_ORDER)[number];

interface Layer {
  kind: LayerKind;
  /** Closes the layer; false when it cannot be closed (a message with exit false). */
  close: () => boolean;
}

const layers = new Map<number, Layer>();
let nextId = 0;

/** Registers an open layer for as long as `open` is true. */
export function useLayer(kind: LayerKind, open: boolean, close: () => boolean): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    nextId += 1;
    const id = nextId;
    layers.set(id, { kind, close: () => closeRef.current() });
    return () => {
      layers.delete(id);
    };
  }, [kind, open]);
}

function rank(kind: LayerKind): number {
  return LAYER_ORDER.indexOf(kind);
}

// Feature dialogs: open native modal dialogs the shell did not register (data-layer marks its own).
function featureDialogs(): HTMLDialogElement[] {
  return [...document.querySelectorAll<HTMLDialogElement>('dialog[open]:not([data-layer])')];
}

/** The registered layer that goes first, newest first within one kind. */
function topRegistered(): Layer | null {
  let top: { id: number; layer: Layer } | null = null;
  for (const [id, layer] of layers) {
    if (!top || rank(layer.kind) < rank(top.layer.kind) || (rank(layer.kind) === rank(top.layer.kind) && id > top.id)) {
      top = { id, layer };
    }
  }
  return top?.layer ?? null;
}

export type TopLayer = { kind: LayerKind; feature: HTMLDialogElement | null; layer: Layer | null };

export function topLayer(): TopLayer | null {
  const registered = topRegistered();
  const dialogs = featureDialogs();
  const feature = dialogs[dialogs.length - 1] ?? null;
  if (registered && (!feature || rank(registered.kind) <= rank('setup'))) return { kind: registered.kind, feature: null, layer: registered };
  if (feature) return { kind: 'setup', feature, layer: null };
  return registered ? { kind: registered.kind, feature: null, layer: registered } : null;
}

export function hasOpenLayer(): boolean {
  return topLayer() !== null;
}

/** Asks a feature dialog to close as Escape would: its cancel handler may refuse. */
function cancelDialog(dialog: HTMLDialogElement): void {
  const cancel = new Event('cancel', { cancelable: true });
  dialog.dispatchEvent(cancel);
  if (!cancel.defaultPrevented) dialog.close();
}

/**
 * Closes the topmost layer. Returns true when there was one (whether or not it could close:
 * a layer that refuses still swallows the Escape or the back action).
 */
export function closeTopLayer(): boolean {
  const top = topLayer();
  if (!top) return false;
  if (top.layer) top.layer.close();
  else if (top.feature) cancelDialog(top.feature);
  return true;
}
