import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import type { Pet } from '../pet.ts';
import { StatusText } from './status-text.tsx';

const SKELETON_ROWS = 5;

export function PetsTable({ pets, caption, busy }: { pets: Pet[] | undefined; caption: string; busy: boolean }) {
  return (
    <div className="table-scroll" role="region" aria-label="Pets" tabIndex={0}>
      <table className="pets-table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Name</th>
            <th scope="col">Category ID</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {pets
            ? pets.map((pet) => (
                <tr key={pet.id.toString()}>
                  <td className="numeric">
                    <Link to={paths.pet(pet.id)} aria-label={`Pet ${pet.id}`}>
                      {pet.id.toString()}
                    </Link>
                  </td>
                  <td className="name-cell">
                    <Link to={paths.pet(pet.id)}>{pet.name}</Link>
                  </td>
                  <td className="numeric">{pet.categoryId.toString()}</td>
                  <td>
                    <StatusText status={pet.status} />
                  </td>
                </tr>
              ))
            : Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} className="skeleton-row" aria-hidden="true">
                  <td colSpan={4}>
                    <span className="skeleton" />
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
