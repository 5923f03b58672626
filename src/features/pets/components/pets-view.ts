import type { PersonsTry } from '../../../api/read-failure.ts';
import type { Pet } from '../pet.ts';
import type { PageLinks } from './pager.tsx';

/**
 * What the list's page shows of the pets it reads, one way or the other: a page of the service's
 * list (`useListPage`), or a search's matches (`useSearchMatches`).
 */
export interface PetsView {
  /** The rows to draw; none while the first read is on its way, nor another list's once this one failed. */
  rows: readonly Pet[] | undefined;
  /** The failure to show, as `useReadFailure` steadies it; null or undefined when there is none. */
  error: unknown;
  /** Its rows or its failure are in: the focus may return to the pet opened. */
  read: boolean;
  /** The line that says what the rows are, read out as it changes. */
  summary: string;
  pages: PageLinks;
  /** The rows are not all in yet: the table says so (`aria-busy`), and greys the rows it shows meanwhile. */
  busy: boolean;
  /** Waiting for the service: said once the wait goes on, with the failure tried again meanwhile, if any. */
  waiting: boolean;
  waitingFor: unknown;
  /** Offline: what the rows are, or what goes on by itself once the connection is back, in words. */
  offlineNote: string | undefined;
  onRetry: () => void;
  retrying: PersonsTry | undefined;
  /** Read to the end, with no row to show: the page says why instead of drawing an empty table. */
  empty: boolean;
  /** A search's Stop searching, or Search the rest once stopped. */
  searchAction?: { stopped: boolean; onClick: () => void } | undefined;
  /** The list's: a later page's link the service no longer takes, in words. */
  refusedPage?: string | undefined;
  /** The list's: the page read has pets, none of the category chosen. */
  noneOfCategory?: boolean;
}
