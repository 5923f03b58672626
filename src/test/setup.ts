import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sessionStore } from '../lib/session.ts';
import { server } from './msw-server.ts';

// jsdom lays nothing out and cannot scroll: the list scrolls back to where it was (ScrollRestoration)
// in the browser, where the e2e tests check it. Here, a call that does nothing, not an error printed.
window.scrollTo = () => {};
// jsdom has no modal dialogs (`showModal`, `close`): here they only open and close, as far as a test can
// see; the browser's top layer, focus and Escape are checked end to end.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

// jsdom's default style sheet leaves out `<bdi>` (names within sentences, ui/isolate.tsx), which browsers show
// inline: an accessible name would read it as a block, with spaces around it.
document.head.append(Object.assign(document.createElement('style'), { textContent: 'bdi { display: inline; }' }));

// findBy… and waitFor wait up to 1 s by default: on a loaded machine (CI runs the test files side by side)
// a render React defers can take longer. A bound on waiting, not a duration asserted.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Each test starts signed out, with nothing kept: in storage, or in what the modules hold of it.
  sessionStore.signOut();
  sessionStorage.clear();
});
afterAll(() => server.close());
