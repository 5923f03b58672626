import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useConfig } from '../../config/config-context.ts';
import { appPath, browserPath, paths, safeNextPath } from '../../config/paths.ts';
import { useAskBeforeLeaving } from '../../lib/leaving.ts';
import { sessionStore, useSessionState, type SignedOutReason } from '../../lib/session.ts';
import { petsLeftBehind } from '../../lib/stored-queue.ts';
import { isCopiedTab } from '../../lib/tab-copy.ts';
import { sayWhereFocused, useAnnouncement, useUnsayOnLeaving } from '../../ui/announcer.tsx';
import { describeSignInFailure, isKeyRefused } from '../../ui/error-messages.ts';
import { count } from '../../ui/words.ts';
import { Field } from '../../ui/field.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { readApiKey } from './api-key.ts';
import { checkApiKey } from './check-api-key.ts';
import { KeyInput, KeyStatus } from './key-input.tsx';

/** The form's id, by which the boot script names a submit it held. */
const SIGN_IN_FORM = 'sign-in-form';

type Outcome = { kind: 'checking' } | { kind: 'failed'; message: string } | undefined;

/**
 * Pets that keys which stopped working left waiting in this tab: only a key signed in here sends them,
 * and closing the tab would lose them, so the browser asks first. Signing in is the only way they
 * change, and it leaves this screen. A tab opened as a copy of another has them from it, and they are
 * the other tab's to send (src/lib/tab-copy.ts): the screen counts them once this tab knows it is no
 * copy, which a reload most often knows at once. The browser asks before closing the tab all the same.
 */
function useLeftBehind(): { shown: ReturnType<typeof petsLeftBehind>; kept: boolean } {
  const [kept] = useState(() => petsLeftBehind().length > 0);
  const [shown, setShown] = useState<ReturnType<typeof petsLeftBehind>>([]);
  useEffect(() => {
    if (!kept) return;
    let mounted = true;
    void isCopiedTab().then((copy) => {
      if (mounted && !copy) setShown(petsLeftBehind());
    });
    return () => {
      mounted = false;
    };
  }, [kept]);
  return { shown, kept };
}

/**
 * Signed out, every address shows this screen, at `/sign-in?next=<where the person was going>`
 * (no `next` after signing out on purpose). Back and Forward land here too.
 */
function useSignInAddress(reason: SignedOutReason): string {
  // Prerendered at build time there is no address yet: `next` is read when the page runs.
  const [next, setNext] = useState(() =>
    typeof location === 'undefined' ? undefined : safeNextPath(new URLSearchParams(location.search).get('next')),
  );
  useEffect(() => {
    const settle = () => {
      const here = appPath(location.pathname);
      const target =
        here === paths.signIn ? safeNextPath(new URLSearchParams(location.search).get('next')) : here + location.search;
      const keep = reason === 'signed-out' && here !== paths.signIn ? undefined : target;
      setNext(keep);
      const query = keep && keep !== paths.pets && keep !== '/' ? `?next=${encodeURIComponent(keep)}` : '';
      history.replaceState(null, '', browserPath(paths.signIn) + query);
    };
    settle();
    addEventListener('popstate', settle);
    return () => removeEventListener('popstate', settle);
  }, [reason]);
  return next ?? paths.pets;
}

/**
 * The one form without react-hook-form and React Query: it is on the first screen, whose bytes are
 * budgeted, and it has a single field. It submits the same way otherwise: check, send, report.
 */
export function SignInPage() {
  useDocumentTitle('Sign in');
  const config = useConfig();
  const { reason } = useSessionState();
  const next = useSignInAddress(reason);
  useAnnouncement(reason === 'signed-out' ? 'You have signed out.' : undefined);
  // "Enter your API key.", said a moment before signing in, is not left for the list.
  useUnsayOnLeaving();
  const [environmentName, setEnvironmentName] = useState(config.environments[0]!.name);
  // Whatever was typed into the prerendered screen before the app took over (see src/prerender.tsx).
  const [apiKey, setApiKey] = useState(() =>
    typeof document === 'undefined'
      ? ''
      : (document.querySelector<HTMLInputElement>('[data-boot="signed-out"] input[type="password"]')?.value ?? ''),
  );
  const [keyError, setKeyError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const leftBehind = useLeftBehind();
  useAskBeforeLeaving(leftBehind.kept);
  const keyInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const environmentChoice = useRef<HTMLSelectElement>(null);

  // Enter pressed on the prerendered screen, before the app ran, was held (src/boot.ts): it is sent
  // now, with what was typed. Unless a key was typed and there is a choice of environments, which
  // the prerendered screen could not show: then the choice is focused, and nothing is sent to an
  // environment nobody chose. With no key, the form says what it says to Enter.
  useEffect(() => {
    const root = document.documentElement;
    if (root.getAttribute('data-held-submit') !== SIGN_IN_FORM) return;
    root.removeAttribute('data-held-submit');
    if (environmentChoice.current && keyInput.current?.value.trim()) environmentChoice.current.focus();
    else form.current?.requestSubmit();
  }, []);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (outcome?.kind === 'checking') return;
    const typed = readApiKey(apiKey);
    if ('problem' in typed) {
      sayWhereFocused(keyInput.current, typed.problem);
      // Drawn before the focus moves to the field, to be read out with it.
      flushSync(() => setKeyError(typed.problem));
      keyInput.current?.focus();
      return;
    }
    const { key } = typed;
    setKeyError(undefined);
    const environment = config.environments.find((env) => env.name === environmentName)!;
    setOutcome({ kind: 'checking' });
    try {
      await checkApiKey(environment, key, config.requestTimeoutMs);
      // Signed in, the app opens at `next`.
      history.replaceState(null, '', browserPath(next));
      sessionStore.signIn({ apiKey: key, environmentName: environment.name });
    } catch (error) {
      const message = describeSignInFailure(error, environment.name);
      const refused = isKeyRefused(error);
      if (refused) {
        // The key is what is wrong: said at the field, as a key left out is; drawn before the focus
        // moves there, so that a screen reader reads it with the field.
        sayWhereFocused(keyInput.current, message);
        flushSync(() => {
          setKeyError(message);
          setOutcome(undefined);
        });
      } else {
        setOutcome({ kind: 'failed', message });
      }
      keyInput.current?.focus();
      // A key refused is selected: the next key typed replaces it, and an arrow key keeps it for
      // correcting. A key the service never checked (an outage) is not: it is likely right.
      if (refused) keyInput.current?.select();
    }
  }

  const checking = outcome?.kind === 'checking';
  return (
    <main className="sign-in" id="main">
      <form
        ref={form}
        id={SIGN_IN_FORM}
        className="card sign-in-card"
        onSubmit={signIn}
        noValidate
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title">Petstore Admin</h1>
        <p className="lead">Sign in with your API key.</p>
        {reason === 'expired' && (
          <p className="notice notice-warning" role="alert">
            Your API key is no longer accepted. Sign in again to carry on: the forms you were filling in come back as
            you left them.
          </p>
        )}
        {reason === 'signed-out' && <p className="notice">You have signed out.</p>}
        {leftBehind.shown.map(({ environmentName, pets }) => (
          <p key={environmentName} className="notice">
            Kept in this tab: {count(pets, 'pet')} waiting for {environmentName}. Sign in here with a key for{' '}
            {environmentName} to take {pets === 1 ? 'it' : 'them'} over; closing this tab loses{' '}
            {pets === 1 ? 'it' : 'them'}.
          </p>
        ))}
        {config.environments.length > 1 && (
          <Field label="Environment">
            {(control) => (
              <select
                {...control}
                ref={environmentChoice}
                value={environmentName}
                onChange={(event) => {
                  setEnvironmentName(event.target.value);
                  // "Not accepted by" the environment left: not said of the one chosen.
                  setKeyError(undefined);
                  if (outcome?.kind === 'failed') setOutcome(undefined);
                }}
              >
                {config.environments.map((env) => (
                  <option key={env.name}>{env.name}</option>
                ))}
              </select>
            )}
          </Field>
        )}
        <KeyInput
          ref={keyInput}
          value={apiKey}
          onChange={(value) => {
            setApiKey(value);
            // An error about the key that was there is no longer true of the one being typed.
            setKeyError(undefined);
            if (outcome?.kind === 'failed') setOutcome(undefined);
          }}
          error={keyError}
          autoFocus
        />
        {outcome?.kind === 'failed' && (
          <p className="notice notice-error" role="alert">
            {outcome.message}
          </p>
        )}
        <button type="submit" className="button-primary" aria-disabled={checking}>
          {checking ? 'Checking the key…' : 'Sign in'}
        </button>
        <KeyStatus checking={checking} />
      </form>
    </main>
  );
}
