import type { PersonsTry } from '../../../api/read-failure.ts';
import type { Pet } from '../pet.ts';
import type { PageLinks } from './pager.tsx';

/**
 * What the list's page shows of the pets it reads, one way or the other: a page of the service's
 * list (`useListPage`), or a search's matches (`useSearchMatches`).
 */
export interface PetsView {
  rows: readonly Pet[] | undefined;
  error: unknown;
  /** Its rows or its failure are in: the focus may return to the pet opened. */
  read: boolean;
  summary: string;
  pages: PageLinks;
  busy: boolean;
  /** Waiting for the service: said once the wait goes on, with the failure tried again meanwhile, if any. */
  waiting: boolean;
  waitingFor: unknown;
  offline: boolean;
  onceOnline: 'list updates' | 'search goes on';
  onRetry: () => void;
  retrying: PersonsTry | undefined;
  empty: boolean;
  /** A search's Stop searching, or Search the rest once stopped. */
  searchAction?: { stopped: boolean; onClick: () => void } | undefined;
  refusedPage?: string | undefined;
  noneOfCategory?: boolean;
}
