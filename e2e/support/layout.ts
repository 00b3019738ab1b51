/// <reference lib="dom" />
import type { Page } from 'playwright-core';

export interface HorizontalOverflow {
  /** The page's scroll width and the window's width, in CSS pixels. */
  scroll: number;
  client: number;
  /** Up to eight outermost elements that reach past the window's right edge (outside sideways-scrolling containers). */
  out: string[];
}

/**
 * What sticks out of the window sideways: the document's scroll width beside its client width,
 * and the elements whose right edge lies beyond the window, unless a container of theirs
 * scrolls or clips sideways (a wide table in a scrolling box is a layout choice, not overflow).
 */
export async function horizontalOverflow(page: Page): Promise<HorizontalOverflow> {
  // A function with arguments, not a string: the console's CSP forbids evaluating strings.
  return page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    const contained = (element: Element): boolean => {
      for (let up = element.parentElement; up !== null; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const describe = (element: Element): string => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = [...element.classList].join('.');
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${text ? ` "${text}"` : ''} (right edge ${Math.round(element.getBoundingClientRect().right)} px)`;
    };
    // The outermost elements that stick out: their children would only repeat them.
    const sticking = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > client + 1 && !contained(element));
    const outermost = sticking.filter((element) => !sticking.some((other) => other !== element && other.contains(element)));
    const out = outermost.slice(0, 8).map(describe);
    return { scroll: document.documentElement.scrollWidth, client, out };
  });
}

/**
 * Lets the page settle after a change of window size: the shell follows the width through a
 * media-query listener, which fires at the next rendering step and re-renders React after it,
 * so a measurement right after `setViewportSize` can still see the wide layout in a narrow window.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
      }),
  );
}

/**
 * Fails, naming what sticks out, when anything on the page is wider than the window. A layout
 * still following a resize gets up to a second to settle; one that stays too wide fails.
 */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  await settled(page);
  let found = await horizontalOverflow(page);
  for (let attempt = 0; attempt < 5 && found.scroll > found.client; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    found = await horizontalOverflow(page);
  }
  expect({ label, fits: found.scroll <= found.client, out: found.out }).toEqual({ label, fits: true, out: [] });
}
