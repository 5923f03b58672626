import { Link } from 'react-router-dom';

export interface PageLinks {
  number: number;
  /** How many pages there are, when that is known (never invented). */
  of?: number | undefined;
  previous?: URLSearchParams;
  next?: URLSearchParams;
  first?: URLSearchParams;
}

/** Previous, the page number and Next; First when Previous would take several steps. */
export function Pager({ label, pages }: { label: string; pages: PageLinks }) {
  const to = (params: URLSearchParams) => ({ search: params.toString() });
  return (
    <nav className="pager" aria-label={label}>
      {pages.first && <Link to={to(pages.first)}>First page</Link>}
      {pages.previous ? (
        <Link to={to(pages.previous)} rel="prev">
          Previous page
        </Link>
      ) : (
        <span className="pager-placeholder" aria-hidden="true" />
      )}
      <span className="pager-number">
        Page {pages.number}
        {pages.of ? ` of ${pages.of}` : ''}
      </span>
      {pages.next ? (
        <Link to={to(pages.next)} rel="next">
          Next page
        </Link>
      ) : (
        <span className="pager-placeholder" aria-hidden="true" />
      )}
    </nav>
  );
}
