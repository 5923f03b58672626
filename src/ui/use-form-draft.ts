// What a form holds, kept as it is typed: a reload, or signing in again after the service stopped
// taking the key, brings the form back as it was. Sign-out clears it with the rest of the session.
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';
import type { SessionValue } from '../lib/session.ts';

/** The form's starting values: the saved draft, or `empty`. Read once. */
export function useDraftDefaults<T extends FieldValues>(draft: SessionValue<T>, empty: T): T {
  const [values] = useState(() => ({ ...empty, ...draft.load() }));
  return values;
}

/** Saves every change of the form (its `subscribe`) to the draft. */
export function useSaveDraft<T extends FieldValues>(draft: SessionValue<T>, empty: T, subscribe: UseFormSubscribe<T>) {
  useEffect(
    () => subscribe({ formState: { values: true }, callback: ({ values }) => draft.save({ ...empty, ...values }) }),
    [draft, empty, subscribe],
  );
}
