// The code-split parts of the app, in one place so they can be fetched before they are rendered.

export const loadSignedInApp = () => import('./signed-in-app.tsx');
export const loadAddPetPage = () => import('../features/pets/components/add-pet-page.tsx');
export const loadMessagesPage = () => import('../features/messages/messages-page.tsx');

/**
 * Starts fetching what the signed-in page at `pathname` needs while config.json loads, instead of
 * one chunk after another (entry → signed-in app → form).
 */
export function preloadSignedInRoute(pathname: string) {
  void loadSignedInApp();
  if (/\/pets\/new\/?$/.test(pathname)) void loadAddPetPage();
  if (/\/messages\/?$/.test(pathname)) void loadMessagesPage();
}

/** Once the browser is idle, fetches the forms too, so opening one is instant. */
export function prefetchWhenIdle() {
  const prefetch = () => {
    void loadAddPetPage();
    void loadMessagesPage();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(prefetch, { timeout: 5000 });
  else setTimeout(prefetch, 2000);
}
