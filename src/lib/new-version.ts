// A tab opened before a deployment asks for code files the new build no longer has. When one fails
// to load and the app's own address still answers (so this is no dropped connection), the page
// reloads once into the new build; what people typed is in sessionStorage and survives. If the file
// is still missing right after that, the error page says so: no reload loop.
import { reload } from './leaving.ts';
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

/** Reloads into the new build when there is one to load and it was not just tried; says whether it does. */
export async function reloadIfNewVersion(): Promise<boolean> {
  if (reloading) return true;
  if (Date.now() - (lastReload.load()?.at ?? 0) < RECENT_MS) return false;
  try {
    // Offline, or a connection that drops everything: a reload would leave only the browser's error page.
    const index = await fetch(import.meta.env.BASE_URL, { method: 'HEAD', cache: 'no-store' });
    if (!index.ok) return false;
  } catch {
    return false;
  }
  reloading = true;
  lastReload.save({ at: Date.now() });
  reload();
  return true;
}
