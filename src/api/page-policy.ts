// A request the page's own Content-Security-Policy refuses never leaves the browser: fetch fails as
// it does with no network at all. Only the `securitypolicyviolation` event, which the browser fires
// in a task of its own once the fetch has failed, tells the two apart. A deployment whose CSP does
// not name a service is no outage, and waiting will not help.

const refusedOrigins = new Set<string>();

if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', ({ effectiveDirective, blockedURI, disposition }) => {
    // A report-only policy refuses nothing: its reports say nothing of a failure.
    if (effectiveDirective !== 'connect-src' || disposition !== 'enforce') return;
    try {
      refusedOrigins.add(new URL(blockedURI).origin);
    } catch {
      // Not a URL ('inline', 'eval'): no request of ours.
    }
  });
}

/** One turn of the browser's task queue, which fake timers in tests leave alone. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/** Whether the page's CSP refused a request to `url`, asked once its fetch has failed. */
export async function refusedByPagePolicy(url: string): Promise<boolean> {
  await nextTask();
  return refusedOrigins.has(new URL(url).origin);
}
