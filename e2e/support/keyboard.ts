/// <reference lib="dom" />
import type { Page } from 'playwright-core';

// "Every control reachable by keyboard" (issue 7): Tab through the page from its start and list
// the visible, enabled controls that never received focus. axe-core cannot see this: a click
// handler on a plain element, a tabindex of -1 on a control or a focus trap leave no attribute
// behind. Radio buttons count as one stop per group (the arrow keys move inside it), and with a
// modal dialog open only the dialog's controls count (the rest of the page is inert).

const CONTROLS = [
  'a[href]', 'area[href]', 'button', 'input:not([type="hidden"])', 'select', 'textarea', 'summary',
  '[contenteditable=""]', '[contenteditable="true"]', '[tabindex]:not([tabindex="-1"])',
  '[role="button"]', '[role="link"]', '[role="checkbox"]', '[role="switch"]', '[role="tab"]', '[role="menuitem"]', '[role="slider"]',
].join(', ');

interface Walk {
  /** Controls that should be reachable, as short descriptions. */
  expected: string[];
  /** Of those, the ones Tab never reached. */
  missed: string[];
}

/** Tabs through the page `presses` times at most (default: twice the controls, plus 10). */
async function walk(page: Page, presses?: number): Promise<Walk> {
  const count = await page.evaluate((selector) => {
    // A fresh set and listener each time: page.setContent (document.open) drops the listeners of
    // the document but keeps its properties. A second listener only adds to the same set.
    const state = window as unknown as { __keyboardSeen: Set<Element> };
    state.__keyboardSeen = new Set<Element>();
    document.addEventListener('focusin', (event) => { if (event.target instanceof Element) state.__keyboardSeen.add(event.target); }, true);
    (document.activeElement as HTMLElement | null)?.blur?.();
    return document.querySelectorAll(selector).length;
  }, CONTROLS);
  const limit = presses ?? count * 2 + 10;
  for (let press = 0; press < limit; press += 1) await page.keyboard.press('Tab');
  return page.evaluate((selector) => {
    const seen = (window as unknown as { __keyboardSeen: Set<Element> }).__keyboardSeen;
    const modal = document.querySelector('dialog:modal');
    const scope: ParentNode = modal ?? document;
    const describe = (element: Element) => {
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      const id = element.id ? `#${element.id}` : '';
      const type = element.getAttribute('type');
      return `<${element.tagName.toLowerCase()}${id}${type ? ` type=${type}` : ''}> "${name}"`;
    };
    const reachable = (element: Element) => {
      if (!(element instanceof HTMLElement) || !element.checkVisibility({ visibilityProperty: true, opacityProperty: false })) return false;
      if (element.closest('[inert], [aria-hidden="true"]')) return false;
      if ('disabled' in element && (element as HTMLButtonElement).disabled) return false;
      if (element.closest('fieldset:disabled')) return false;
      // A native control with tabindex -1 stays expected: leaving the Tab order is the finding.
      return true;
    };
    const expected: Element[] = [...scope.querySelectorAll(selector)].filter(reachable);
    const radioGroups = new Map<string, Element[]>();
    for (const element of expected) {
      if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
        radioGroups.set(element.name, [...(radioGroups.get(element.name) ?? []), element]);
      }
    }
    const missed = expected.filter((element) => {
      if (seen.has(element)) return false;
      if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
        return !(radioGroups.get(element.name) ?? []).some((radio) => seen.has(radio));
      }
      return true;
    });
    return { expected: expected.map(describe), missed: missed.map(describe) };
  }, CONTROLS);
}

/**
 * Tabs through the page and throws when a visible, enabled control was never focused. `label`
 * names the screen in the message. Returns how many controls were checked.
 */
export async function expectKeyboardReachable(page: Page, label: string, presses?: number): Promise<number> {
  const { expected, missed } = await walk(page, presses);
  if (missed.length > 0) {
    throw new Error(`Keyboard check "${label}" (${page.url()}): ${missed.length} of ${expected.length} controls not reachable with Tab\n${missed.map((entry) => `- ${entry}`).join('\n')}`);
  }
  return expected.length;
}
