import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../config/paths.ts';
import { sessionValue } from '../../../lib/session.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { Field } from '../../../ui/field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useDraftDefaults, useSaveDraft } from '../../../ui/use-form-draft.ts';
import { useCreatePet } from '../api/create-pet.ts';
import { PET_STATUSES, STATUS_LABELS } from '../pet.ts';
import { EMPTY_PET_FORM, fieldOfError, isPetFormDraft, petFormSchema, toNewPet } from '../pet-form-schema.ts';

const draft = sessionValue('add-pet-draft', isPetFormDraft);

export interface CreatedPetState {
  created: true;
}

export function AddPetPage() {
  const navigate = useNavigate();
  const createPet = useCreatePet();
  const failureRef = useRef<HTMLDivElement>(null);
  const defaultValues = useDraftDefaults(draft, EMPTY_PET_FORM);
  const { register, handleSubmit, subscribe, setError, formState } = useForm({
    resolver: standardSchemaResolver(petFormSchema),
    defaultValues,
    shouldFocusError: true,
  });
  useSaveDraft(draft, EMPTY_PET_FORM, subscribe);

  // Every form submits the same way: react-hook-form checks the values, the mutation sends them,
  // and the button stays disabled until the answer is in (a double click sends once).
  const onSubmit = handleSubmit(async (values) => {
    try {
      const pet = await createPet.mutateAsync(toNewPet(values));
      draft.clear();
      navigate(paths.pet(pet.id), { state: { created: true } satisfies CreatedPetState });
    } catch (error) {
      const field = fieldOfError(error);
      if (field) setError(field, { type: 'server', message: (error as Error).message }, { shouldFocus: true });
    }
  });

  // A 401 is answered by sending the person to sign in again; a field error is shown beside its field.
  const failure =
    createPet.isError &&
    !fieldOfError(createPet.error) &&
    !(isApiError(createPet.error) && createPet.error.status === 401)
      ? createPet.error
      : undefined;
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const { errors, isSubmitting } = formState;
  const sending = isSubmitting && createPet.isPending;
  return (
    <section className="narrow">
      <PageHeading title="Add a pet" />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="card form" aria-label="New pet">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="off" {...register('name')} />}
        </Field>
        <Field label="Category ID" error={errors.categoryId?.message}>
          {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...register('categoryId')} />}
        </Field>
        <Field label="Status" error={errors.status?.message}>
          {(control) => (
            <select {...control} {...register('status')}>
              {PET_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {failure && (
          <div ref={failureRef} tabIndex={-1}>
            <ErrorNotice error={failure} />
            <p className="hint">Nothing you typed is lost. Try again when the service is back.</p>
          </div>
        )}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={isSubmitting}>
            {sending ? 'Adding…' : failure ? 'Try again' : 'Add pet'}
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
