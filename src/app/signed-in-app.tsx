import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiContext } from '../api/api-context.ts';
import { createPetstoreApi } from '../api/client.ts';
import type { AppConfig } from '../config/config.ts';
import { useConfig } from '../config/config-context.ts';
import { reauth } from '../features/auth/reauth.ts';
import { ReauthDialog } from '../features/auth/reauth-dialog.tsx';
import { messageDraft } from '../features/messages/message-draft.ts';
import { petFormDraft } from '../features/pets/add-pet-draft.ts';
import { SignOutConfirm } from '../features/pets/components/queued-pets.tsx';
import { petQueue, useTabHoldsPets } from '../features/pets/pet-queue.ts';
import { keyFirstEntry } from '../lib/first-entry.ts';
import { whenIdle } from '../lib/idle.ts';
import { useAskBeforeLeaving } from '../lib/leaving.ts';
import { sessionStore, type Session } from '../lib/session.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter, prefetchScreens, type AppRouter, type SessionRuntime } from './router.tsx';
import { SignOutContext } from './sign-out.ts';

interface SignedIn extends SessionRuntime {
  /** Who, where: a key renewed mid-session keeps the same one. */
  identity: string;
  router: AppRouter;
}

let current: SignedIn | undefined;
const identityOf = (session: Session | undefined) => session && `${session.owner}@${session.environmentName}`;

// The client, the query cache and the router live and die with the session: after sign-out (or a
// revoked key given up) no pet data is left in memory for Back to show.
sessionStore.subscribe(() => {
  if (current && current.identity !== identityOf(sessionStore.get().session)) {
    current.router.dispose();
    current.queryClient.clear();
    current = undefined;
  }
});

function signedIn(session: Session, config: AppConfig): SignedIn | undefined {
  const identity = identityOf(session)!;
  if (current?.identity === identity) return current;
  const environment = config.environments.find((env) => env.name === session.environmentName);
  if (!environment) return undefined;
  keyFirstEntry();
  const runtime = {
    api: createPetstoreApi(environment, {
      getApiKey: sessionStore.apiKey,
      timeoutMs: config.requestTimeoutMs,
      onUnauthorized: reauth.ask,
    }),
    queryClient: createQueryClient(),
  };
  current = { identity, ...runtime, router: createAppRouter(runtime) };
  return current;
}

/**
 * What the forms hold typed and not sent, which signing out drops with the tab's session: a new pet's
 * name (a category and status alone are kept for the next pet, not typed), a message; this key's, and
 * those left by keys that stopped working, which sign-out drops too.
 */
function typedAndUnsent(): string[] {
  const pet = (draft: Pick<typeof petFormDraft, 'load'>) => Boolean(draft.load()?.name.trim());
  const message = (draft: Pick<typeof messageDraft, 'load'>) => Boolean(draft.load()?.message.trim());
  const typed: string[] = [];
  if (pet(petFormDraft)) typed.push('the pet you were adding');
  if (message(messageDraft)) typed.push('the message you were writing');
  const leftBehind = sessionStore
    .leftBehindAnywhere()
    .some((owner) => pet(petFormDraft.of(owner)) || message(messageDraft.of(owner)));
  if (leftBehind) typed.push('what was typed under a key that stopped working');
  return typed;
}

/** Everything behind sign-in, React Query and the router included: loaded only once signed in. */
export function SignedInApp({ session }: { session: Session }) {
  const app = signedIn(session, useConfig());
  useEffect(() => whenIdle(prefetchScreens), []);
  // Pets not yet sent live in this tab alone: closing it would lose them. (A boolean: the whole app
  // does not re-render as each pet is sent.)
  useAskBeforeLeaving(useTabHoldsPets());
  // Signing out with pets still waiting in this tab, or with a form's typing not sent, asks
  // first: from the header, and from the sign-in-again dialog, which is why the question lives here,
  // beside the dialog, not in the layout.
  const [confirmSignOut, setConfirmSignOut] = useState<readonly string[]>();
  const signOut = useCallback(() => {
    // A tab opened as a copy of another may not know yet which pets are its own to lose: it finds out
    // first (up to a few seconds, in its first seconds).
    void petQueue.settled().then(() => {
      const typed = typedAndUnsent();
      if (typed.length + petQueue.kept().length > 0) setConfirmSignOut(typed);
      else sessionStore.signOut();
    });
  }, []);

  // The deployment's config.json no longer lists the session's environment: choose again.
  useEffect(() => {
    if (!app) sessionStore.signOut();
  }, [app]);
  if (!app) return null;

  return (
    <QueryClientProvider client={app.queryClient}>
      <ApiContext.Provider value={app.api}>
        {/* Address changes render at once, not as transitions: a filter, sort or page size shows its
            rows in the next frame, sooner than a transition does (`npm run bench:ab`). */}
        <SignOutContext.Provider value={signOut}>
          <RouterProvider router={app.router} useTransitions={false} />
          <ReauthDialog onSignOut={signOut} />
          <SignOutConfirm
            open={confirmSignOut !== undefined}
            typed={confirmSignOut}
            onClose={() => setConfirmSignOut(undefined)}
          />
        </SignOutContext.Provider>
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}
