// A tab opened before a deployment asks for code files the new build no longer has. When one fails
// to load, the page reloads once into the new build; what people typed is in sessionStorage and
// survives. If the file is still missing right after that, the error page says so: no reload loop.
import { sessionValue } from './session.ts';

const RECENT_MS = 30_000;
const lastReload = sessionValue(
  'reloaded-for-new-version',
  (value): value is { at: number } => typeof (value as { at?: unknown } | null)?.at === 'number',
);
let reloading = false;

/** Whether an error is a code file of the app that would not load. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/** True while the page is reloading into a new build, or when it is about to. */
export const willReloadForNewVersion = () => reloading || Date.now() - (lastReload.load()?.at ?? 0) >= RECENT_MS;

/** Reloads into the new build, unless that was just tried. */
export function reloadForNewVersion() {
  if (reloading || !willReloadForNewVersion()) return;
  reloading = true;
  lastReload.save({ at: Date.now() });
  location.reload();
}

/** Vite reports a code file that failed to load (`vite:preloadError`); the error page does too. */
export function reloadOnMissingCode() {
  addEventListener('vite:preloadError', reloadForNewVersion);
}
