import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen: the table keeps its columns and scrolls sideways in its own
 * box, so the page never does. The box is a named region reachable with Tab, so people on a
 * keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
