/** Runs `task` once the browser is idle, within 5 s; returns how to call it off. */
export function whenIdle(task: () => void): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(task, 2000);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: 5000 });
  return () => cancelIdleCallback(idle);
}
