import '@testing-library/jest-dom/jest-globals';
import { afterEach, beforeEach } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { installFetchStub } from './fetch-stub';

// findBy…/waitFor give a page 5 s to answer: on CI's two shared cores a stubbed answer took
// longer than the default second once (TeamSetupPage at 3e1f1ed), though nothing was wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but neither showModal() nor the browser's Escape → cancel → close: the
// browser's behaviour is reproduced here, so Modal is tested the way a person uses it.
const dialogs = HTMLDialogElement.prototype;
dialogs.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
dialogs.show = dialogs.showModal;
dialogs.close = function close(this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].at(-1);
  if (!open) return;
  if (open.dispatchEvent(new Event('cancel', { cancelable: true }))) open.close();
});

// jsdom has neither PointerEvent nor pointer capture: a PointerEvent is a MouseEvent with a
// pointer id, so drags are driven by their coordinates as in the browser.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent });
}
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

// The stubbed answers follow the contract: the console's own check (app/contract.ts, on in
// development and here) warns about an answer that does not match its endpoint's schema, and
// such a warning fails the test.
let contractWarnings: string[] = [];
const warn = console.warn.bind(console);

beforeEach(() => {
  installFetchStub();
  localStorage.clear();
  contractWarnings = [];
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes('does not match its schema')) contractWarnings.push(text);
    warn(...args);
  };
});

afterEach(() => {
  cleanup();
  console.warn = warn;
  if (contractWarnings.length > 0) throw new Error(`stubbed answers break the contract:\n${contractWarnings.join('\n')}`);
});
