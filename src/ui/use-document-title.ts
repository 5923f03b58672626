import { useEffect } from 'react';

/**
 * The page's title, then the app's. The title is isolated (FSI … PDI): a pet's name written right to
 * left, or holding a direction mark, cannot reorder the words after it.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    // Without isolates of its own, which could close this one early.
    document.title = `\u2068${title.replace(/[\u2066-\u2069]/gu, '')}\u2069 · Petstore Admin`;
  }, [title]);
}
