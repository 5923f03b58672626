import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useConfig } from '../../config/config-context.ts';
import { sessionStore, useSessionState } from '../../lib/session.ts';
import { sayWhereFocused } from '../../ui/announcer.tsx';
import { describeSignInFailure, isKeyRefused } from '../../ui/error-messages.ts';
import { readApiKey } from './api-key.ts';
import { checkApiKey } from './check-api-key.ts';
import { KeyInput, KeyStatus, type KeyStatusWords } from './key-input.tsx';
import { reauth, useReauthAsking } from './reauth.ts';

/**
 * Over the page, when the service stops taking the key: a new key for the same environment, and the
 * page carries on; Sign in later or Sign out leave for the sign-in screen (Escape is Sign in later).
 */
export function ReauthDialog({
  onSignOut = sessionStore.signOut,
}: {
  /** Sign-out may ask first (pets waiting in this tab would be lost); until it happens, this stays open. */
  onSignOut?: () => void;
}) {
  const asking = useReauthAsking();
  const config = useConfig();
  const { session } = useSessionState();
  const dialog = useRef<HTMLDialogElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);
  const [apiKey, setApiKey] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  // Said in the dialog itself: the page behind a modal dialog is inert, its live regions too.
  const [said, setSaid] = useState<KeyStatusWords['said']>();
  const sayHere = (text: string) => setSaid((before) => ({ text, id: (before?.id ?? 0) + 1 }));
  const environment = config.environments.find((env) => env.name === session?.environmentName);

  useEffect(() => {
    const element = dialog.current;
    if (asking && element && !element.open) {
      setApiKey('');
      setProblem(undefined);
      setSaid(undefined);
      element.showModal();
    }
    if (!asking && element?.open) element.close();
  }, [asking]);

  const cancel = () => {
    reauth.giveUp();
    sessionStore.expire();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking || !environment) return;
    const typed = readApiKey(apiKey);
    if ('problem' in typed) {
      sayWhereFocused(keyInput.current, typed.problem, sayHere);
      // Drawn before the focus moves to the field, to be read out with it.
      flushSync(() => setProblem(typed.problem));
      keyInput.current?.focus();
      return;
    }
    const { key } = typed;
    setChecking(true);
    try {
      await checkApiKey(environment, key, config.requestTimeoutMs);
      reauth.accept(key);
    } catch (error) {
      const problem = describeSignInFailure(error, environment.name);
      sayWhereFocused(keyInput.current, problem, sayHere);
      flushSync(() => setProblem(problem));
      keyInput.current?.focus();
      // A key refused is selected: the next key typed replaces it, and an arrow key keeps it for
      // correcting. A key the service never checked (an outage) is not: it is likely right.
      if (isKeyRefused(error)) keyInput.current?.select();
    } finally {
      setChecking(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      className="card dialog"
      aria-labelledby="reauth-title"
      aria-describedby="reauth-why"
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
    >
      {asking && environment && (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <h2 id="reauth-title">Sign in again</h2>
          <p id="reauth-why">
            {environment.name} no longer accepts your API key. Enter a key to carry on: this page stays as it is, and
            what was being sent is sent again.
          </p>
          <KeyInput
            ref={keyInput}
            value={apiKey}
            onChange={(value) => {
              setApiKey(value);
              setProblem(undefined);
              setSaid(undefined);
            }}
            error={problem}
          />
          {/* Both leave for the sign-in screen: which one keeps the person's work must not be guessed,
              by eye or by ear (each button is described by it). */}
          <p className="hint" id="reauth-ways-out">
            Sign in later keeps what you typed and what waits to be sent, for the next key signed in on this tab; Sign
            out drops it.
          </p>
          <div className="form-actions">
            <button type="submit" className="button-primary" aria-disabled={checking}>
              {checking ? 'Checking the key…' : 'Sign in'}
            </button>
            <button type="button" className="button-secondary" onClick={cancel} aria-describedby="reauth-ways-out">
              Sign in later
            </button>
            <button type="button" className="button-secondary" onClick={onSignOut} aria-describedby="reauth-ways-out">
              Sign out
            </button>
          </div>
          <KeyStatus checking={checking} said={said} />
        </form>
      )}
    </dialog>
  );
}
