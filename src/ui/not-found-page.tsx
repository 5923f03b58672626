import { Link } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { PageHeading } from './page-heading.tsx';

export function NotFoundPage() {
  return (
    <section>
      <PageHeading title="Page not found" />
      <p>There is no page at this address.</p>
      <p className="link-line">
        <Link to={paths.pets}>Go to the pets list</Link>
      </p>
    </section>
  );
}
