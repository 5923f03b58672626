import { useState, type Ref } from 'react';
import { Field } from '../../ui/field.tsx';

/** The API key field: masked unless shown, never autocompleted or spell-checked. */
export function KeyInput({
  ref,
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoFocus?: boolean;
}) {
  const [revealed, setRevealed] = useState(false);
  return (
    <Field label="API key" error={error}>
      {(control) => (
        <div className="input-with-button">
          <input
            {...control}
            ref={ref}
            type={revealed ? 'text' : 'password'}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            // The only thing to do on this screen: typing starts at once.
            autoFocus={autoFocus}
            required
          />
          <button
            type="button"
            className="button-secondary"
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? 'Hide key' : 'Show key'}
          </button>
        </div>
      )}
    </Field>
  );
}

/** What is said while a key is checked, or after (`said`, each time anew); none of it shown. */
export interface KeyStatusWords {
  checking: boolean;
  said?: { text: string; id: number } | undefined;
}

/**
 * Said while a key is checked, which can take a while, and what else the form has to say: always
 * there, so that it is read out as it fills.
 */
export const KeyStatus = ({ checking, said }: KeyStatusWords) => (
  <p className="visually-hidden" role="status">
    {checking ? 'Checking the key with the service…' : said && <span key={said.id}>{said.text}</span>}
  </p>
);
