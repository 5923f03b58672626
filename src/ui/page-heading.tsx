import { useEffect, useRef } from 'react';
import { useDocumentTitle } from './use-document-title.ts';

let firstPage = true;

/**
 * The page's h1 and document title. After a client-side navigation it takes focus, so keyboard and
 * screen-reader users start at the new page instead of on the link they left.
 */
export function PageHeading({ title }: { title: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(title);
  useEffect(() => {
    if (firstPage) firstPage = false;
    else heading.current?.focus();
  }, []);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}
