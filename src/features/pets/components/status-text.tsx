import { statusLabel, type PetStatus } from '../pet.ts';

/** The status as a word, with a colour as a second cue only. */
export function StatusText({ status }: { status: PetStatus | undefined }) {
  return <span className={`status status-${status ?? 'unknown'}`}>{statusLabel(status)}</span>;
}
