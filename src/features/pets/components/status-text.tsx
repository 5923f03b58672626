import { PET_STATUSES, STATUS_LABELS, statusLabel, type PetStatus } from '../pet.ts';

/** The status as a word, with a colour as a second cue only. */
export function StatusText({ status }: { status: PetStatus | undefined }) {
  return <span className={`status status-${status ?? 'unknown'}`}>{statusLabel(status)}</span>;
}

/** An `<option>` per status, in the interface's order, for a select of statuses. */
export const StatusOptions = () =>
  PET_STATUSES.map((status) => (
    <option key={status} value={status}>
      {STATUS_LABELS[status]}
    </option>
  ));
