import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { isChunkLoadError, reloadIfNewVersion } from '../../../lib/new-version.ts';
import { describeError, describeWait } from '../../../ui/error-messages.ts';
import { count } from '../../../ui/words.ts';
import type { CategoryNames } from '../categories.ts';
import type { Exported, ExportProgress, ExportRequest } from '../export/run-export.ts';
import type { PetStatus } from '../pet.ts';
import { firstPagesOf, noWayPast } from './pets-summary.ts';

type ExportState =
  | { step: 'idle' }
  | ({ step: 'running' } & ExportProgress)
  | { step: 'done'; result: Exported; status: PetStatus | undefined }
  | { step: 'cancelled'; rows: number }
  | { step: 'updating' }
  | { step: 'failed'; error: unknown };

function describeDone({ fileName, rows, read, capped, firstPagesOnly }: Exported, status: PetStatus | undefined) {
  // What was read, and how far that reaches.
  const from = capped
    ? // A search or a category narrows the pets read; only a status has the service list others.
      `the first ${count(read, 'pet')} the service lists: the export reads no further.${status ? '' : ' One status at a time reaches further.'}`
    : firstPagesOnly
      ? `${firstPagesOf(status)} (${count(read, 'pet')}): the service ${noWayPast(status)}.`
      : `the ${count(read, 'pet')} the service lists.`;
  if (rows === 0) return `Nothing to export, and no file was saved: no pet matches among ${from}`;
  return `Exported ${count(rows, 'pet')} to ${fileName}, from ${from}`;
}

/** Why a running export waits, if it does. */
function waitingWords({ waitingAfter, offline }: ExportProgress) {
  if (offline) return ' You are offline: the export goes on once you are back online.';
  return waitingAfter ? ` ${describeWait(waitingAfter)}` : '';
}

/**
 * "Export CSV": the list as filtered on screen, across the pages the service gives as far as the
 * search reads (READ_LIMIT), in a file. Its code is loaded on the first click, not with the list.
 */
export function ExportButton({ request, names }: { request: ExportRequest; names: CategoryNames }) {
  const api = useApi();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setState({ step: 'running', rows: 0 });
    let rows = 0;
    try {
      const { exportPets } = await import('../export/run-export.ts');
      const result = await exportPets(api, request, {
        signal: controller.signal,
        onProgress: (progress) => {
          rows = progress.rows;
          setState({ step: 'running', ...progress });
        },
        categoryName: names.named ? names.nameOf : undefined,
      });
      setState({ step: 'done', result, status: request.status });
    } catch (error) {
      // A tab opened before a deployment asks for the export's code, which the new build no longer
      // has: the page reloads into the new build, keeping the list (it is in the address).
      if (isChunkLoadError(error) && (await reloadIfNewVersion())) {
        setState({ step: 'updating' });
        return;
      }
      setState(controller.signal.aborted ? { step: 'cancelled', rows } : { step: 'failed', error });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  };

  // A file saved with the whole list, or with only the part the export could read (a warning).
  const savedNotice =
    state.step === 'done' && state.result.rows > 0
      ? state.result.capped || state.result.firstPagesOnly
        ? 'notice-warning'
        : 'notice-success'
      : undefined;
  return (
    <div className="export-bar">
      {state.step === 'running' ? (
        <button type="button" className="button-secondary" onClick={() => running.current?.abort()}>
          Cancel export
        </button>
      ) : (
        <button type="button" className="button-secondary" onClick={() => void start()}>
          Export CSV
        </button>
      )}
      {/* A file saved is an outcome, set apart from the list's own summary under it; the region
          stays the same element, for screen readers to follow. */}
      <p className={savedNotice ? `export-status notice ${savedNotice}` : 'export-status'} aria-live="polite">
        {state.step === 'running' && `Exporting… ${count(state.rows, 'pet')} so far.${waitingWords(state)}`}
        {state.step === 'done' && describeDone(state.result, state.status)}
        {state.step === 'cancelled' && `Export cancelled after ${count(state.rows, 'pet')}: no file was saved.`}
        {state.step === 'updating' &&
          'Petstore Admin was updated. Loading the new version: export again once it is in.'}
      </p>
      {state.step === 'failed' && (
        <p className="notice notice-error export-error" role="alert">
          The export stopped, and no file was saved:{' '}
          {isChunkLoadError(state.error)
            ? 'part of the app could not be downloaded: the connection may have dropped, or the app was updated while this tab was open. Reloading usually helps, and the list stays as it is.'
            : describeError(state.error, api.environment.limits)}
        </p>
      )}
    </div>
  );
}
