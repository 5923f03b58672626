// Petstore Admin, before the first paint: a classic script in the head of the built index.html (a
// file of its own, for the CSP), compiled on its own by build/first-screens.ts. It imports nothing.
//
// index.html holds both first screens, prerendered (the sign-in screen, and the signed-in frame);
// this says which one this visit shows, before anything is drawn. Signed in, it also asks at once
// for the signed-in code, which the app would otherwise only ask for once its own code has run. And
// it holds a form submitted before the app runs (Enter in the prerendered key field): the app sends
// it again once it runs.
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const { sessionKey = '', preload = '' } = script?.dataset ?? {};
  const root = document.documentElement;

  let signedIn = false;
  try {
    signedIn = sessionStorage.getItem(sessionKey) !== null;
  } catch {
    // Blocked storage holds no session.
  }
  root.setAttribute('data-session', signedIn ? 'in' : 'out');

  if (signedIn) {
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
  }

  document.addEventListener(
    'submit',
    (event) => {
      if (root.hasAttribute('data-app')) return;
      event.preventDefault();
      const id = (event.target as Element).getAttribute('id');
      if (id) root.setAttribute('data-held-submit', id);
    },
    true,
  );
})();
