import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw-server.ts';

// jsdom lays nothing out and cannot scroll: the list scrolls back to where it was (use-list-scroll.ts)
// in the browser, where the e2e tests check it. Here, a call that does nothing, not an error printed.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sessionStorage.clear();
});
afterAll(() => server.close());
