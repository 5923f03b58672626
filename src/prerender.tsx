// What index.html shows before any JavaScript has run, rendered at build time (build/first-screens.ts):
// the sign-in screen, and the signed-in frame that every signed-in page starts from. Neither needs
// config.json; the app takes over with the same markup, so the first paint is also the final one.
import { renderToStaticMarkup } from 'react-dom/server';
import { SignedInLoading } from './app/frame.tsx';
import type { AppConfig } from './config/config.ts';
import { ConfigContext } from './config/config-context.ts';
import { SignInPage } from './features/auth/sign-in-page.tsx';
import { SESSION_STORAGE_KEY } from './lib/session.ts';

// One environment, as most deployments have: the sign-in screen then asks for the key alone.
const ONE_ENVIRONMENT: AppConfig = {
  environments: [
    {
      name: '',
      apiBaseUrl: 'https://example.invalid',
      messagesBaseUrl: 'https://example.invalid',
      extensions: [],
      limits: {},
      categories: [],
    },
  ],
  requestTimeoutMs: 20_000,
};

export function prerender() {
  return {
    signedOut: renderToStaticMarkup(
      <ConfigContext.Provider value={ONE_ENVIRONMENT}>
        <SignInPage />
      </ConfigContext.Provider>,
    ),
    signedIn: renderToStaticMarkup(<SignedInLoading environmentName="" />),
    sessionStorageKey: SESSION_STORAGE_KEY,
  };
}
