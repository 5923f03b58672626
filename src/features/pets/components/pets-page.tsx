import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { beforeShown } from '../../../api/read-failure.ts';
import { browserPath, paths } from '../../../config/paths.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { canRetry, describeWait } from '../../../ui/error-messages.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { SLOW_AFTER_MS, useDelayedFlag } from '../../../ui/use-delayed-flag.ts';
import { useFocusOnRemoval } from '../../../ui/focus-on-removal.ts';
import { petQueries } from '../api/pet-queries.ts';
import { changeList, parseListSearch, type PetListSearch, searchOf, toSearchParams } from '../list-search.ts';
import { useCategoryNames } from '../categories.ts';
import { forgetOpened, openedBefore, openedFrom, rememberOpened } from '../list-return.ts';
import { quotedSearch } from '../pet-order.ts';
import { EmptyList } from './empty-list.tsx';
import { ExportButton } from './export-button.tsx';
import { Pager } from './pager.tsx';
import { listedPets } from './pets-summary.ts';
import { PetsFilters } from './pets-filters.tsx';
import { PetsTable } from './pets-table.tsx';
import { QueuedPets } from './queued-pets.tsx';
import { useListPage } from './use-list-page.ts';
import { useSearchMatches } from './use-search-matches.ts';

const SEARCH_DELAY_MS = 250;

export function PetsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const names = useCategoryNames();
  const parsed = parseListSearch(params);
  // Where nothing is named, the list is as it always was: a category in the address is left aside.
  const search = names.named ? parsed : { ...parsed, category: undefined };
  const { category } = search;
  const categoryName = names.named ? names.nameOf : undefined;
  const searchBox = useRef<HTMLInputElement>(null);
  // Stop searching goes once the search is done: the focus on it goes back to the search box.
  const searchAction = useFocusOnRemoval(searchBox);
  const table = useRef<HTMLTableElement>(null);

  // Filter tweaks replace the history entry: Back leaves the list instead of undoing each click.
  // The request for the new list leaves at once, from the handler, not after the next render.
  const change = (patch: Partial<PetListSearch>) => {
    const next = changeList(search, patch);
    if (!next.q) void queryClient.prefetchQuery(beforeShown(queryClient, petQueries.list(api, next)));
    // The list stays scrolled where it is (React Router would scroll a new entry to its top).
    setParams(toSearchParams(next), { replace: true, preventScrollReset: true });
  };

  // What is typed and its matches show in the same frame, the URL after a pause. The matches are not
  // a deferred value: the table draws a screenful of them at once and the rest deferred
  // (pets-table.tsx), so a second render of the page for the text alone only made the matches later
  // (`npm run bench:ab`, the search keystroke).
  const [typed, setTyped] = useState(search.q);
  const [seenQ, setSeenQ] = useState(search.q);
  // The search this box has just written to the address, until the address has it. By then typing
  // has gone on (a space, or more keys during the pause): the box keeps it.
  const [sentQ, setSentQ] = useState<string>();
  if (search.q !== seenQ) {
    setSeenQ(search.q);
    if (search.q === sentQ) setSentQ(undefined);
    // Back, Forward or a link changed the search: the box follows.
    else setTyped(search.q);
  }
  const q = searchOf(typed);
  useEffect(() => {
    const inUrl = parseListSearch(params);
    if (q === inUrl.q) return;
    const timer = setTimeout(() => {
      setSentQ(q);
      setParams(toSearchParams(changeList(inUrl, { q })), { replace: true, preventScrollReset: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, params, setParams]);

  // The address names the list shown: what the list leaves aside (a status that is none, 1000 rows, a
  // stray parameter) goes from it, so that a reload or a shared link shows the same list. In place:
  // a redirect would leave the stray address in the history, one Back away.
  useEffect(() => {
    const shown = toSearchParams(parseListSearch(params));
    if (shown.toString() !== params.toString()) setParams(shown, { replace: true, preventScrollReset: true });
  }, [params, setParams]);

  // Back on the list from a pet's page (Back, or its link to the list): the pet opened, where the
  // focus returns (see below). Read as the page opens, forgotten once used.
  const [opened] = useState(() => openedBefore(location));

  // `/` jumps to the search box from anywhere on the page that is not a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      event.preventDefault();
      searchBox.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const searching = q !== '';
  // Both modes' hooks run on every render, as hooks must: the one not shown reads nothing.
  const listPage = useListPage(search, names, categoryName, { enabled: !searching });
  const matches = useSearchMatches(q, search, names, categoryName);
  const view = searching ? matches : listPage;
  const { rows, error, read, summary, pages, empty, noneOfCategory } = view;

  // The focus goes to the pet opened, where the person left, rather than to the heading, above the
  // rows scrolled back to: once the list is read (after a reload, its rows and a search's matches
  // come after the page) and its row drawn, unless the person has moved the focus meanwhile.
  const openedListed = Boolean(opened && rows?.some((pet) => paths.pet(pet.id) === opened));
  useEffect(() => {
    if (!opened || !read) return;
    forgetOpened(location);
    const href = browserPath(opened);
    const focusIt = () => {
      const link = [...(table.current?.querySelectorAll('a') ?? [])].find((a) => a.getAttribute('href') === href);
      const focus = document.activeElement;
      if (!link || (focus && focus !== document.body && !focus.matches('h1'))) return Boolean(link);
      link.focus({ preventScroll: true });
      // The scroll is put back where it was left, by pixels: pets added since may have moved the pet
      // out of sight, below.
      const { top, bottom } = link.getBoundingClientRect();
      if (top < 0 || bottom > innerHeight) link.scrollIntoView({ block: 'center' });
      return true;
    };
    if (focusIt() || !openedListed || !table.current) return;
    // A long list is drawn in two steps (pets-table.tsx): its row comes in the second.
    const drawing = new MutationObserver(() => focusIt() && drawing.disconnect());
    drawing.observe(table.current, { childList: true, subtree: true });
    return () => drawing.disconnect();
    // As the list is first read: a later change of the list is the person's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, read]);
  const slow = useDelayedFlag(view.waiting, SLOW_AFTER_MS);

  // The table's name, as a screen reader gives it: what the rows are, narrowed as they are.
  const caption = [
    listedPets(search.status),
    category !== undefined && ` of ${names.label(category)}`,
    searching && ` named like ${quotedSearch(q)}`,
  ]
    .filter(Boolean)
    .join('');

  // An empty list's box says the same to the eye: the line then says it to a screen reader alone.
  const unseen = empty && !searching && category === undefined;
  // While a search is typed, the line keeps what it said until the typing pauses and the address takes
  // the search: a screen reader reads out its outcome once, not a count for every key.
  const typing = q !== search.q;
  const [settled, setSettled] = useState({ summary, unseen });
  if (!typing && (settled.summary !== summary || settled.unseen !== unseen)) setSettled({ summary, unseen });
  const said = typing ? settled : { summary, unseen };

  // A pager after the list too, where there is somewhere to go. On phones, the pets come first: the
  // pager above shows only where it is the one way on (a page with none of the category).
  const elsewhere = Boolean(pages.previous || pages.next);
  const endPager = elsewhere && !noneOfCategory;
  // Another page: the person reads on from the table's start. The page scrolls to its top, and on
  // to the table where that would leave it out of sight (a phone, large text).
  const pageFollowed = useRef(false);
  const readOn = () => {
    pageFollowed.current = true;
    table.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (!pageFollowed.current) return;
    pageFollowed.current = false;
    // Below the screen, or with no more than its caption on it.
    if (table.current && table.current.getBoundingClientRect().top > innerHeight * 0.8) {
      table.current.scrollIntoView({ block: 'start' });
    }
  }, [location.key]);

  return (
    <section className="pets-page">
      <div className="page-title-row">
        <PageHeading title="Pets" />
        <Link className="button-primary" to={paths.addPet}>
          Add pet
        </Link>
      </div>

      <QueuedPets />

      <PetsFilters
        search={search}
        names={names}
        typed={typed}
        onType={setTyped}
        onChange={change}
        searchBox={searchBox}
      />

      <ExportButton request={{ status: search.status, q, category, sort: search.sort }} names={names} />

      <p className="table-summary" role="status">
        {said.unseen ? <span className="visually-hidden">{said.summary}</span> : said.summary}
        {slow && !error && <span className="loading-inline"> {describeWait(view.waitingFor)}</span>}
        {view.offlineNote && <span className="loading-inline"> You are offline: {view.offlineNote}.</span>}
      </p>
      {view.searchAction && (
        <p className="search-actions">
          <button type="button" className="button-secondary" onClick={view.searchAction.onClick} ref={searchAction}>
            {view.searchAction.stopped ? 'Search the rest' : 'Stop searching'}
          </button>
        </p>
      )}

      {view.refusedPage ? (
        <div className="notice notice-error" role="alert">
          <p>{view.refusedPage}</p>
          <p className="link-line">
            <Link to={{ search: toSearchParams({ ...search, trail: [] }).toString() }}>
              Start again from the first page
            </Link>
          </p>
        </div>
      ) : (
        error !== null &&
        error !== undefined && (
          <>
            <ErrorNotice
              error={error}
              kind="read"
              onRetry={canRetry(error) ? view.onRetry : undefined}
              retrying={view.retrying}
            />
            {!canRetry(error) && (
              <p className="link-line">
                <Link to={paths.pets}>Show the whole list, unfiltered</Link>
              </p>
            )}
          </>
        )
      )}

      {/* Always there with the list (its page number is known from the address), so the rows that
          arrive later never push the table down. */}
      {(!empty || noneOfCategory) && !(error && !rows?.length) && (
        <Pager label="Pages" onPhones={elsewhere && noneOfCategory} pages={pages} onPage={readOn} />
      )}
      {noneOfCategory ? (
        <div className="empty-state">
          <p>No pets of {names.label(category!)} on this page.</p>
          <p className="empty-actions">
            <Link to={{ search: toSearchParams({ ...search, category: undefined }).toString() }}>
              Show every category
            </Link>
          </p>
        </div>
      ) : empty ? (
        <EmptyList
          search={{ ...search, q }}
          names={names}
          stopped={view.searchAction?.stopped}
          onClear={() => {
            setTyped('');
            searchBox.current?.focus();
          }}
        />
      ) : (
        !(error && !rows?.length) && (
          <PetsTable
            ref={table}
            pets={rows}
            caption={caption}
            busy={view.busy}
            sort={search.sort}
            onSort={(sort) => change({ sort })}
            onOpen={(path) => {
              rememberOpened(location, path);
              void navigate(path, { state: openedFrom(location) });
            }}
            categoryName={categoryName}
          />
        )
      )}
      {endPager && <Pager label="Pages, at the end of the list" pages={pages} onPage={readOn} />}
    </section>
  );
}
