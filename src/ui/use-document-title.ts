import { useEffect } from 'react';
import { withoutIsolates } from './isolate.tsx';

/**
 * The page's title, then the app's. A title with more than printable ASCII is isolated (FSI … PDI):
 * a pet's name written right to left, or holding a direction mark, cannot reorder the words after
 * it. The app's own titles ("Pets") stay plain: some tools outside the browser show the marks.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const page = withoutIsolates(title);
    document.title = `${/^[\x20-\x7e]*$/.test(page) ? page : `\u2068${page}\u2069`} · Petstore Admin`;
  }, [title]);
}
