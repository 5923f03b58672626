/**
 * Whether the browser has said it lost its connection: an `offline` event not yet followed by
 * `online`. It starts online, as React Query's onlineManager does (which the signed-in app follows):
 * `navigator.onLine` alone is false on some machines that are online. Listened to from when this
 * module is first loaded, with the sign-in screen.
 */
let offline = false;
// Not in Node, where the first screens are prerendered (src/prerender.tsx).
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => (offline = true));
  window.addEventListener('online', () => (offline = false));
}

export const browserSaysOffline = () => offline;
