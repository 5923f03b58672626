// Loaded when a person asks for an export (a dynamic import), not with the list.
import { onlineManager } from '@tanstack/react-query';
import { isApiError, retryDelay } from '../../../api/api-error.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { READ_LIMIT, readEveryPet, type PagesRead } from '../api/list-pets.ts';
import type { Sort } from '../list-search.ts';
import { listMatcher, sortPets } from '../pet-order.ts';
import type { Pet, PetStatus } from '../pet.ts';
import { csvFileName, petsCsv } from './pets-csv.ts';

/** The list as it is filtered and sorted on screen. */
export interface ExportRequest {
  status: PetStatus | undefined;
  /** Search by name, matched as the list matches it. */
  q: string;
  category: bigint | undefined;
  /** The file's order: the sort the list shows, applied to every row (the screen orders a page). */
  sort: Sort | undefined;
}

export interface Exported {
  /** The file's name; no file is saved when no pet is found (`rows` 0). */
  fileName: string;
  rows: number;
  /** How many pets of the service's list were read to find them. */
  read: number;
  /** Stopped after READ_LIMIT pets read, as the search does. */
  capped: boolean;
  /** The service gave no way past a full first page: the file holds what its first pages list. */
  firstPagesOnly: boolean;
}

/** How far an export has got: the pets found so far, and the failure it is waiting out, if any. */
export interface ExportProgress {
  rows: number;
  waitingAfter?: unknown;
  /** It waits for the browser to be back online, rather than for the failure's delay. */
  offline?: boolean;
}

/**
 * Waits `ms`; or, when the browser is offline as it starts, until it is back online. Coming back
 * online ends either wait at once. `signal` aborting ends it too, and rejects with its reason.
 */
function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopListening = () => {};
    const settle = (end: () => void) => () => {
      clearTimeout(timer);
      stopListening();
      signal.removeEventListener('abort', abort);
      end();
    };
    const abort = settle(() => reject(signal.reason as Error));
    const done = settle(resolve);
    signal.addEventListener('abort', abort, { once: true });
    if (onlineManager.isOnline()) timer = setTimeout(done, ms);
    stopListening = onlineManager.subscribe((online) => {
      if (online) done();
    });
  });
}

/**
 * Reads the list as the search does (`readEveryPet`, as far), keeps the pets that match, and reports
 * how many so far after each page. A failure that waiting can fix (no answer, a 5xx, a 429) is
 * waited out, as reads wait (`retryDelay`, counted from the last page read), and the reading goes on
 * from the page that failed, as the search's does: started over, a long list would be lost to one
 * failed page, and a service that limits requests a minute would turn the export away at the same
 * page each time. Offline, it waits until the browser is back online, and goes on at once then, as
 * reads do. Cancelling ends the wait.
 */
async function collectPets(
  api: PetstoreApi,
  { status, q, category }: ExportRequest,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
) {
  const matches = listMatcher(q, category);
  const pagesRead: PagesRead = new Map();
  let failures = 0;
  for (;;) {
    const pets: Pet[] = [];
    let read = 0;
    let firstPagesOnly = false;
    const readBefore = pagesRead.size;
    try {
      for await (const page of readEveryPet(api, status, signal, pagesRead)) {
        read += page.pets.length;
        firstPagesOnly ||= page.firstPagesOnly;
        pets.push(...page.pets.filter((pet) => matches(pet)));
        onProgress({ rows: pets.length });
      }
      return { pets, read, capped: read >= READ_LIMIT, firstPagesOnly };
    } catch (error) {
      if (signal.aborted || !isApiError(error) || !error.isTransient) throw error;
      // Failures in a row, as reads count them: a page read since the last one starts the count again.
      failures = pagesRead.size > readBefore ? 1 : failures + 1;
      onProgress({ rows: pets.length, waitingAfter: error, offline: !onlineManager.isOnline() });
      await pause(retryDelay(failures - 1), signal);
      onProgress({ rows: pets.length });
    }
  }
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go once they have.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportPets(
  api: PetstoreApi,
  request: ExportRequest,
  {
    signal,
    onProgress,
    categoryName,
  }: {
    signal: AbortSignal;
    onProgress: (progress: ExportProgress) => void;
    /** Where the environment names categories: the file has a column of names. */
    categoryName: ((id: bigint) => string | undefined) | undefined;
  },
): Promise<Exported> {
  const { pets, read, capped, firstPagesOnly } = await collectPets(api, request, signal, onProgress);
  signal.throwIfAborted();
  const category =
    request.category === undefined ? undefined : (categoryName?.(request.category) ?? `category ${request.category}`);
  const fileName = csvFileName(
    { environment: api.environment.name, status: request.status, category, q: request.q },
    new Date(),
  );
  // No pet, no file: one holding a header only would be a download to open for nothing.
  if (pets.length > 0) download(petsCsv(sortPets(pets, request.sort, categoryName), categoryName), fileName);
  return { fileName, rows: pets.length, read, capped, firstPagesOnly };
}
