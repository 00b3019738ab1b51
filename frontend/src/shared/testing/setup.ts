import '@testing-library/jest-dom/jest-globals';
import { afterEach, beforeEach } from '@jest/globals';
import { cleanup } from '@testing-library/react';
import { installFetchStub } from './fetch-stub';

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

beforeEach(() => {
  installFetchStub();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});
