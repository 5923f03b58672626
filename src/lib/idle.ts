/** Runs `task` once the browser is idle (within `timeoutMs`); returns how to call it off. */
export function whenIdle(task: () => void, timeoutMs = 5000): () => void {
  if (!('requestIdleCallback' in window)) {
    const timer = setTimeout(task, Math.min(timeoutMs, 2000));
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(task, { timeout: timeoutMs });
  return () => cancelIdleCallback(idle);
}
