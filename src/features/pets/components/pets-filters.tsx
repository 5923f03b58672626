import type { RefObject } from 'react';
import { Field } from '../../../ui/field.tsx';
import type { CategoryNames } from '../categories.ts';
import { MAX_SEARCH_LENGTH, PAGE_SIZES, type PetListSearch } from '../list-search.ts';
import type { PetStatus } from '../pet.ts';
import { StatusOptions } from './status-text.tsx';

/**
 * The list's search box and filters. What is typed is the page's (it reaches the address after a
 * pause); a filter changes the address at once, through `onChange`.
 */
export function PetsFilters({
  search,
  names,
  typed,
  onType,
  onChange,
  searchBox,
}: {
  search: PetListSearch;
  names: CategoryNames;
  typed: string;
  onType: (typed: string) => void;
  onChange: (patch: Partial<PetListSearch>) => void;
  searchBox: RefObject<HTMLInputElement | null>;
}) {
  const { category } = search;
  return (
    <form className="filters" aria-label="Find pets" role="search" onSubmit={(event) => event.preventDefault()}>
      <Field label="Search by name" className="field field-search" hint="Press / to jump here.">
        {(control) => (
          <input
            {...control}
            ref={searchBox}
            type="search"
            value={typed}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => onType(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
          />
        )}
      </Field>
      <Field label="Status" className="field field-inline">
        {(control) => (
          <select
            {...control}
            value={search.status ?? ''}
            onChange={(event) => onChange({ status: (event.target.value || undefined) as PetStatus | undefined })}
          >
            <option value="">All</option>
            <StatusOptions />
          </select>
        )}
      </Field>
      {names.named && (
        <Field label="Category" className="field field-inline">
          {(control) => (
            <select
              {...control}
              value={category?.toString() ?? ''}
              onChange={(event) => onChange({ category: event.target.value ? BigInt(event.target.value) : undefined })}
            >
              <option value="">All</option>
              {names.list.map(({ id, name }) => (
                <option key={id.toString()} value={id.toString()}>
                  {name}
                </option>
              ))}
              {/* A bookmarked category the environment does not name is still shown as chosen. */}
              {category !== undefined && names.nameOf(category) === undefined && (
                <option value={category.toString()}>ID {category.toString()}</option>
              )}
            </select>
          )}
        </Field>
      )}
      <Field label="Rows per page" className="field field-inline">
        {(control) => (
          <select
            {...control}
            value={search.limit}
            onChange={(event) => onChange({ limit: Number(event.target.value) })}
          >
            {/* A bookmarked size that is not a preset (limit=37) is still shown as chosen. */}
            {[...new Set<number>([...PAGE_SIZES, search.limit])]
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
          </select>
        )}
      </Field>
    </form>
  );
}
