import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { LAYOUT_PX } from '@planwerk/events/constants';

// Drag sort with the 20 px step of spec section 9: every 20 px of vertical pointer movement
// moves the dragged entry one place; the new order is saved when the pointer is released.
// The handle also sorts by keyboard (arrow up/down).

function moveTo(order: readonly string[], id: string, index: number): string[] {
  const rest = order.filter((candidate) => candidate !== id);
  const target = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, target), id, ...rest.slice(target)];
}

export function useDragSort(ids: readonly string[], save: (order: string[]) => void) {
  const key = ids.join(',');
  const [local, setLocal] = useState<string[] | null>(null);
  const drag = useRef<{ id: string; startY: number; startIndex: number; pointerId: number } | null>(null);
  const order = local ?? [...ids];

  // The server's order replaces the local one once it arrives.
  useEffect(() => {
    setLocal(null);
  }, [key]);

  function commit(next: string[]) {
    if (next.join(',') === key) {
      setLocal(null);
      return;
    }
    setLocal(next);
    save(next);
  }

  function handleProps(id: string) {
    return {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { id, startY: event.clientY, startIndex: order.indexOf(id), pointerId: event.pointerId };
        setLocal(order);
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        const current = drag.current;
        if (!current || current.pointerId !== event.pointerId) return;
        const steps = Math.trunc((event.clientY - current.startY) / LAYOUT_PX.sortDragStep);
        setLocal((previous) => moveTo(previous ?? order, current.id, current.startIndex + steps));
      },
      onPointerUp: (event: PointerEvent<HTMLElement>) => {
        const current = drag.current;
        if (!current || current.pointerId !== event.pointerId) return;
        drag.current = null;
        commit(local ?? order);
      },
      onPointerCancel: () => {
        drag.current = null;
        setLocal(null);
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        const index = order.indexOf(id);
        commit(moveTo(order, id, index + (event.key === 'ArrowUp' ? -1 : 1)));
      },
      'data-dragging': drag.current?.id === id ? 'true' : undefined,
    };
  }

  return { order, handleProps };
}

// The selection cache of spec section 3/4: one object type at a time; Shift-click selects the
// range up to the last clicked entry and gives it the clicked entry's new state.
export interface Selection {
  type: string;
  lastIndex: number | null;
  items: Record<string, boolean>;
}

export const EMPTY_SELECTION: Selection = { type: '', lastIndex: null, items: {} };

export function toggleSelection(selection: Selection, type: string, ids: readonly string[], index: number, shift: boolean): Selection {
  const base = selection.type === type ? selection : { type, lastIndex: null, items: {} };
  const id = ids[index];
  if (id === undefined) return base;
  const state = !base.items[id];
  const items = { ...base.items };
  if (shift && base.lastIndex !== null) {
    const [from, to] = base.lastIndex < index ? [base.lastIndex, index] : [index, base.lastIndex];
    for (let i = from; i <= to; i += 1) {
      const rangeId = ids[i];
      if (rangeId !== undefined) items[rangeId] = state;
    }
  } else {
    items[id] = state;
  }
  return { type, lastIndex: index, items };
}

export function selectedIds(selection: Selection, type: string): string[] {
  return selection.type === type ? Object.entries(selection.items).filter(([, on]) => on).map(([id]) => id) : [];
}
