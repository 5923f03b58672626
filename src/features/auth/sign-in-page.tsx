import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error.ts';
import { createApiClient } from '../../api/client.ts';
import { paths, safeNextPath } from '../../app/paths.ts';
import type { Environment } from '../../config/config.ts';
import { useConfig } from '../../config/config-context.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { sessionStore, useSessionState } from './session.ts';

type Outcome = { kind: 'checking' } | { kind: 'failed'; message: string } | undefined;

function describeFailure(error: unknown, environment: Environment): string {
  if (isApiError(error) && error.status === 401) {
    return `This API key was not accepted by ${environment.name}. Check it and type it again.`;
  }
  if (isApiError(error) && error.isTransient) {
    return `${environment.name} can't be reached right now, so the key could not be checked. Wait a moment and try again.`;
  }
  const detail = isApiError(error) ? error.message : 'Unexpected error.';
  return `${environment.name} answered in a way this app does not understand: ${detail}`;
}

export function SignInPage() {
  useDocumentTitle('Sign in');
  const config = useConfig();
  const [searchParams] = useSearchParams();
  const { session, reason } = useSessionState();
  const [environmentName, setEnvironmentName] = useState(config.environments[0]!.name);
  const [apiKey, setApiKey] = useState('');
  const [revealed, setRevealed] = useState(false);
  const [keyError, setKeyError] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const keyInput = useRef<HTMLInputElement>(null);
  const ids = { key: useId(), keyError: useId(), environment: useId() };
  const next = safeNextPath(searchParams.get('next')) ?? paths.pets;

  if (session) return <Navigate to={next} replace />;

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (outcome?.kind === 'checking') return;
    const key = apiKey.trim();
    if (!key) {
      setKeyError('Enter your API key.');
      keyInput.current?.focus();
      return;
    }
    setKeyError(undefined);
    const environment = config.environments.find((env) => env.name === environmentName)!;
    setOutcome({ kind: 'checking' });
    try {
      // A real, cheap call: the only way to know the service takes this key.
      const client = createApiClient({ getApiKey: () => key, timeoutMs: config.requestTimeoutMs });
      await client.request(`${environment.apiBaseUrl}/pets?limit=1`, { read: () => undefined });
      // Signed in, this page renders a redirect to `next`.
      sessionStore.signIn({ apiKey: key, environmentName: environment.name });
    } catch (error) {
      setOutcome({ kind: 'failed', message: describeFailure(error, environment) });
      keyInput.current?.focus();
    }
  }

  const checking = outcome?.kind === 'checking';
  return (
    <main className="sign-in" id="main">
      <form className="card sign-in-card" onSubmit={signIn} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Petstore Admin</h1>
        <p className="lead">Sign in with your API key.</p>
        {reason === 'expired' && (
          <p className="notice notice-warning" role="alert">
            Your API key is no longer accepted. Sign in again to continue where you left off; nothing you typed is lost.
          </p>
        )}
        {reason === 'signed-out' && (
          <p className="notice" role="status">
            You have signed out.
          </p>
        )}
        {config.environments.length > 1 && (
          <div className="field">
            <label htmlFor={ids.environment}>Environment</label>
            <select
              id={ids.environment}
              value={environmentName}
              onChange={(event) => setEnvironmentName(event.target.value)}
            >
              {config.environments.map((env) => (
                <option key={env.name}>{env.name}</option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.key}>API key</label>
          <div className="input-with-button">
            <input
              id={ids.key}
              ref={keyInput}
              type={revealed ? 'text' : 'password'}
              value={apiKey}
              onChange={(event) => setApiKey(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="off"
              aria-invalid={keyError ? true : undefined}
              aria-describedby={keyError ? ids.keyError : undefined}
              required
            />
            <button
              type="button"
              className="button-secondary"
              aria-pressed={revealed}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? 'Hide key' : 'Show key'}
            </button>
          </div>
          {keyError && (
            <p id={ids.keyError} className="field-error">
              {keyError}
            </p>
          )}
        </div>
        {outcome?.kind === 'failed' && (
          <p className="notice notice-error" role="alert">
            {outcome.message}
          </p>
        )}
        <button type="submit" className="button-primary" aria-disabled={checking}>
          {checking ? 'Checking the key…' : 'Sign in'}
        </button>
        {checking && (
          <p className="visually-hidden" role="status">
            Checking the key with the service…
          </p>
        )}
      </form>
    </main>
  );
}
