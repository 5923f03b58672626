import { useEffect } from 'react';
import { withoutIsolates } from './isolate.tsx';

/**
 * The page's title, then the app's. The title is isolated (FSI … PDI): a pet's name written right to
 * left, or holding a direction mark, cannot reorder the words after it.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `\u2068${withoutIsolates(title)}\u2069 · Petstore Admin`;
  }, [title]);
}
