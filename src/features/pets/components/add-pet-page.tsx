import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useId, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../app/paths.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { sessionValue } from '../../../ui/session-value.ts';
import { useDraftDefaults, useSaveDraft } from '../../../ui/use-form-draft.ts';
import { useCreatePet } from '../api/create-pet.ts';
import { PET_STATUSES, STATUS_LABELS } from '../pet.ts';
import {
  EMPTY_PET_FORM,
  FIELD_BY_ERROR_CODE,
  petFormSchema,
  toNewPet,
  type PetFormOutput,
  type PetFormValues,
} from '../pet-form-schema.ts';

const isDraft = (value: unknown): value is PetFormValues =>
  typeof value === 'object' &&
  value !== null &&
  ['name', 'categoryId', 'status'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

const draft = sessionValue('add-pet-draft', isDraft);

export interface CreatedPetState {
  created: true;
}

export function AddPetPage() {
  const navigate = useNavigate();
  const createPet = useCreatePet();
  const [failure, setFailure] = useState<unknown>();
  const submitting = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const defaultValues = useDraftDefaults(draft, EMPTY_PET_FORM);
  const { register, handleSubmit, subscribe, setError, formState } = useForm({
    resolver: standardSchemaResolver(petFormSchema),
    defaultValues,
    shouldFocusError: true,
  });
  const ids = { name: useId(), categoryId: useId(), status: useId() };

  useSaveDraft(draft, EMPTY_PET_FORM, subscribe);

  const submitPet = async (values: PetFormOutput) => {
    // The button is disabled while sending, but a double click can land before React re-renders.
    if (submitting.current) return;
    submitting.current = true;
    setFailure(undefined);
    try {
      const pet = await createPet.mutateAsync(toNewPet(values));
      draft.clear();
      navigate(paths.pet(pet.id), { state: { created: true } satisfies CreatedPetState });
    } catch (error) {
      const field = isApiError(error) && error.status === 400 ? FIELD_BY_ERROR_CODE[error.code] : undefined;
      if (field) {
        setError(
          field,
          { type: 'server', message: error instanceof Error ? error.message : '' },
          { shouldFocus: true },
        );
      } else if (!(isApiError(error) && error.status === 401)) {
        setFailure(error);
        requestAnimationFrame(() => failureRef.current?.focus());
      }
    } finally {
      submitting.current = false;
    }
  };

  const sending = createPet.isPending;
  const fieldProps = (name: FieldPath<PetFormValues>) => {
    const error = formState.errors[name];
    return {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${ids[name]}-error` : undefined,
    };
  };
  const fieldError = (name: FieldPath<PetFormValues>) => {
    const message = formState.errors[name]?.message;
    return message ? (
      <p id={`${ids[name]}-error`} className="field-error">
        {message}
      </p>
    ) : null;
  };

  return (
    <section className="narrow">
      <PageHeading title="Add a pet" />
      <form
        onSubmit={(event) => void handleSubmit(submitPet)(event)}
        noValidate
        className="card form"
        aria-label="New pet"
      >
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input id={ids.name} autoComplete="off" {...register('name')} {...fieldProps('name')} />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor={ids.categoryId}>Category ID</label>
          <input
            id={ids.categoryId}
            inputMode="numeric"
            autoComplete="off"
            {...register('categoryId')}
            {...fieldProps('categoryId')}
          />
          {fieldError('categoryId')}
        </div>
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} {...register('status')} {...fieldProps('status')}>
            {PET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          {fieldError('status')}
        </div>
        {failure !== undefined && (
          <div ref={failureRef} tabIndex={-1}>
            <ErrorNotice error={failure} />
            <p className="hint">Nothing you typed is lost. Try again when the service is back.</p>
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={sending}>
            {sending ? 'Adding…' : failure !== undefined ? 'Try again' : 'Add pet'}
          </button>
        </div>
        {sending && (
          <p className="visually-hidden" role="status">
            Adding the pet…
          </p>
        )}
      </form>
    </section>
  );
}
