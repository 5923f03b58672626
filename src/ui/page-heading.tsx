import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isFirstEntry } from '../lib/first-entry.ts';
import { sessionStore } from '../lib/session.ts';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * The page's h1 and document title. When a person went from one page of the app to another (a link,
 * Back or Forward), it takes focus, so keyboard and screen-reader users start at the new page
 * instead of on the link they left, and so it does after signing in. On the page the visit opened
 * at, or was sent to by a redirect (`/`), focus stays where the browser put it.
 */
export function PageHeading({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const firstPage = isFirstEntry(useLocation());
  const [takeFocus] = useState(() => (firstPage ? sessionStore.signedInHere() : navigationType !== 'REPLACE'));
  useDocumentTitle(title);
  useEffect(() => {
    if (takeFocus) heading.current?.focus({ preventScroll: true });
  }, [takeFocus]);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}
