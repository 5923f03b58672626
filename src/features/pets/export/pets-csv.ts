// The pets list as a CSV file: RFC 4180 (CRLF line ends, fields quoted where they must be, inner
// quotes doubled), UTF-8 with a byte order mark so that spreadsheet programs read names like "Zoë"
// as written, and every text cell neutralised against formula injection (OWASP, CSV injection).
import { STATUS_LABELS, type Pet } from '../pet.ts';

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** What a spreadsheet would read as a formula (or the start of one), when a cell begins with it. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One text field: a leading `=`, `+`, `-`, `@`, tab or CR gets a `'` before it, so that no
 * spreadsheet runs it as a formula; then quoted when it holds a quote, a comma, a CR or an LF.
 * Numbers are written as they are (see `petsCsv`).
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The file's text: a header row, then a row per pet. The category's name has a column only where
 * the environment names categories (`categoryName`); a category it does not name leaves it empty.
 * int64 values are written as their exact digits, a negative one with its `-` alone: digits are
 * never a formula, and `'-1` would be another value to whatever reads the file.
 */
export function petsCsv(pets: readonly Pet[], categoryName?: (id: bigint) => string | undefined): string {
  const text = (values: string[]) => values.map(csvField);
  const header = text(['id', 'name', ...(categoryName ? ['categoryName'] : []), 'categoryId', 'status']);
  const rows = pets.map((pet) => [
    pet.id.toString(),
    ...text([pet.name, ...(categoryName ? [categoryName(pet.categoryId) ?? ''] : [])]),
    pet.categoryId.toString(),
    ...text([pet.status ?? '']),
  ]);
  return BOM + [header, ...rows].map((row) => row.join(',') + CRLF).join('');
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** What the file holds, for its name. */
export interface ExportFilter {
  environment: string;
  status: Pet['status'];
  /** The category's name, or its id where it has none. */
  category: string | undefined;
  q: string;
}

/**
 * `pets-local-test-service-available-dogs-rex-2026-11-25.csv`: the environment, the filter and the
 * day (the person's own calendar day), slugged.
 */
export function csvFileName({ environment, status, category, q }: ExportFilter, date: Date): string {
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  const parts = ['pets', environment, status ? STATUS_LABELS[status] : 'all', category ?? '', q, day];
  return `${parts.map(slug).filter(Boolean).join('-')}.csv`;
}
