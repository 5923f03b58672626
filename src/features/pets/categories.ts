import { useMemo } from 'react';
import { useApi } from '../../api/api-context.ts';
import type { Category } from '../../config/config.ts';

/** The names an environment gives its categories (config.json); the spec has none of its own. */
export interface CategoryNames {
  /** Whether this environment names any: without, every screen speaks in ids as before. */
  named: boolean;
  list: readonly Category[];
  nameOf(id: bigint): string | undefined;
  /** A category as the person knows it: its name, or "category 3" where it has none. */
  label(id: bigint): string;
}

function categoryNames(list: readonly Category[]): CategoryNames {
  const byId = new Map(list.map((category) => [category.id, category.name]));
  return {
    named: list.length > 0,
    list,
    nameOf: (id) => byId.get(id),
    label: (id) => byId.get(id) ?? `category ${id}`,
  };
}

export function useCategoryNames(): CategoryNames {
  const { categories } = useApi().environment;
  return useMemo(() => categoryNames(categories), [categories]);
}
