import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const API = 'http://api.test/v1';
export const MESSAGES = 'http://messages.test';

/** Handlers are added per test; anything unhandled fails the test. */
export const server = setupServer();

/**
 * What the browser does with a request its page's CSP refuses: it reports the refusal, and the fetch
 * fails as with no network (e2e/redeploy.spec.ts has Chromium's own order). `disposition: 'report'`
 * is a report-only policy's report, which refuses nothing.
 */
export function refuseByPagePolicy(request: Request, disposition: 'enforce' | 'report' = 'enforce') {
  const violation = { effectiveDirective: 'connect-src', disposition, blockedURI: request.url };
  document.dispatchEvent(Object.assign(new Event('securitypolicyviolation'), violation));
  return HttpResponse.error();
}
