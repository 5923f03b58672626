import { useDocumentTitle } from './use-document-title.ts';

function detailOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return `${String(status)} ${String(statusText ?? '')}`.trim();
  }
  return undefined;
}

/**
 * What the app shows when a page fails to render: what happened, and a way on, never a blank
 * screen. Its links load the page afresh, the surest way out of a broken state.
 */
export function ErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  const detail = detailOf(error);
  return (
    <section className="full-page-message" role="alert" aria-labelledby="error-page-title">
      <h1 id="error-page-title">Something went wrong</h1>
      <p>This page could not be shown. Reloading usually helps; nothing you typed in a form is lost.</p>
      {detail && (
        <p className="hint">
          Details for support: <code>{detail}</code>
        </p>
      )}
      <p className="form-actions">
        <button type="button" className="button-primary" onClick={() => location.reload()}>
          Reload the page
        </button>
        <a href={import.meta.env.BASE_URL}>Go to the start page</a>
      </p>
    </section>
  );
}
