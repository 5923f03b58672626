import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { isPlainClick } from '../../../ui/plain-click.ts';

export interface PageLinks {
  number: number;
  /** How many pages there are, when that is known (never invented). */
  of?: number | undefined;
  previous?: URLSearchParams;
  next?: URLSearchParams;
  first?: URLSearchParams;
}

/** "Previous page": on phones "Previous" shows, and " page" is still read out (CSS). */
const Words = ({ word }: { word: string }) => (
  <>
    {word}
    <span className="pager-word"> page</span>
  </>
);

/**
 * A link that is not there, in its place: the page number never moves. Drawn disabled beside a link
 * there is, unseen where there is none (styles.css). Hidden from screen readers, who hear only the
 * links there are; `aria-disabled` marks its dimmed words as an inactive control's, which need not
 * meet text contrast (WCAG 1.4.3, as axe checks).
 */
const Placeholder = ({ word }: { word: string }) => (
  <span className="pager-placeholder" aria-hidden="true" aria-disabled="true">
    <Words word={word} />
  </span>
);

/** Previous, the page number and Next; First when Previous would take several steps. */
export function Pager({
  label,
  onPhones = true,
  pages,
  onPage,
}: {
  label: string;
  /** Shown on phones too (styles.css). */
  onPhones?: boolean;
  pages: PageLinks;
  /** A link was followed here: its own link may go while the page is read, and the focus with it. */
  onPage: () => void;
}) {
  const to = (params: URLSearchParams) => ({ search: params.toString() });
  const follow = (event: MouseEvent) => {
    if (isPlainClick(event)) onPage();
  };
  return (
    <nav className={onPhones ? 'pager' : 'pager pager-desk'} aria-label={label}>
      {pages.first && (
        <Link to={to(pages.first)} onClick={follow}>
          <Words word="First" />
        </Link>
      )}
      {pages.previous ? (
        <Link to={to(pages.previous)} rel="prev" onClick={follow}>
          <Words word="Previous" />
        </Link>
      ) : (
        <Placeholder word="Previous" />
      )}
      <span className="pager-number">
        Page {pages.number}
        {pages.of ? ` of ${pages.of}` : ''}
      </span>
      {pages.next ? (
        <Link to={to(pages.next)} rel="next" onClick={follow}>
          <Words word="Next" />
        </Link>
      ) : (
        <Placeholder word="Next" />
      )}
    </nav>
  );
}
