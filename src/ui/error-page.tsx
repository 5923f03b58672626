import { useEffect, useState } from 'react';
import { leavingWithinTheApp, reload } from '../lib/leaving.ts';
import { isChunkLoadError, reloadIfNewVersion } from '../lib/new-version.ts';
import { isPlainClick } from './plain-click.ts';
import { useDocumentTitle } from './use-document-title.ts';

function detailOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  return undefined;
}

/**
 * What the app shows when a page fails to render: what happened, and a way on, never a blank
 * screen. Its links load the page afresh, the surest way out of a broken state.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const missingCode = isChunkLoadError(error);
  // For missing code: is the page being loaded anew, into a new build or back online; is it not
  // (false); or is that being checked (undefined)?
  const [reloading, setReloading] = useState<'updated' | 'back online' | false>();
  useDocumentTitle(missingCode ? 'Petstore Admin could not load' : 'Something went wrong');
  useEffect(() => {
    if (!missingCode) return;
    void reloadIfNewVersion().then((reloads) => setReloading(reloads && 'updated'));
    // Offline, it is tried again as soon as the connection is back: the same build, most likely.
    const backOnline = () => void reloadIfNewVersion().then((reloads) => setReloading(reloads && 'back online'));
    addEventListener('online', backOnline);
    return () => removeEventListener('online', backOnline);
  }, [missingCode]);
  if (missingCode && reloading !== false) {
    return (
      <p className="page-loading" role="status">
        {reloading === 'updated' && 'Petstore Admin was updated. Loading the new version…'}
        {reloading === 'back online' && 'Back online. Loading the page again…'}
        {reloading === undefined && 'Loading…'}
      </p>
    );
  }
  const detail = detailOf(error);
  return (
    <section className="full-page-message" role="alert" aria-labelledby="error-page-title">
      <h1 id="error-page-title">{missingCode ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>
        {missingCode
          ? 'Part of the app could not be downloaded: the connection may have dropped (it is tried again when you are back online), or the app was updated while this tab was open.'
          : 'This page could not be shown.'}{' '}
        Reloading usually helps; nothing you typed in a form is lost.
      </p>
      <p className="form-actions">
        <button type="button" className="button-primary" onClick={reload}>
          Reload the page
        </button>
        <a href={import.meta.env.BASE_URL} onClick={(event) => isPlainClick(event) && leavingWithinTheApp()}>
          Go to the start page
        </a>
      </p>
      <p className="hint">
        For support: version {import.meta.env.VITE_APP_VERSION}
        {detail && (
          <>
            , <code>{detail}</code>
          </>
        )}
      </p>
    </section>
  );
}
