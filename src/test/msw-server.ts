import { setupServer } from 'msw/node';

export const API = 'http://api.test/v1';
export const MESSAGES = 'http://messages.test';

/** Handlers are added per test; anything unhandled fails the test. */
export const server = setupServer();
