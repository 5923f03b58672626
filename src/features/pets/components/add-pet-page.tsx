import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import { paths } from '../../../config/paths.ts';
import { sessionStore } from '../../../lib/session.ts';
import { sayWhereFocused } from '../../../ui/announcer.tsx';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { canRetry, describeLostCreate, describeUnreadCreate } from '../../../ui/error-messages.ts';
import { Field } from '../../../ui/field.tsx';
import { forgetRefusal } from '../../../ui/form-refusal.ts';
import { Quoted } from '../../../ui/isolate.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useDraftDefaults, useSaveDraft } from '../../../ui/use-form-draft.ts';
import { usePageLeft } from '../../../ui/use-page-left.ts';
import { useCreatePet } from '../api/create-pet.ts';
import { useCategoryNames, type CategoryNames } from '../categories.ts';
import type { NewPet } from '../pet.ts';
import { EMPTY_PET_FORM, petFormDraft, unansweredPet } from '../add-pet-draft.ts';
import { leftCreate, usePetOnItsWay } from '../left-create.ts';
import { fieldOfError, parseCategoryId, petFormSchema, toNewPet, type PetFormValues } from '../pet-form-schema.ts';
import type { QueuedPet } from '../pet-queue.ts';
import { LostCreateNotice, useFoundByLook } from './lost-create-notice.tsx';
import { KeptInTab } from './queued-pets.tsx';
import { StatusOptions } from './status-text.tsx';

/** The category choice that reveals the id field, for an id the environment gives no name. */
const OTHER_ID = 'other';

/** Which choice a category id in the form is: a named one, another id, or none yet. */
function choiceOf(categoryId: string, names: CategoryNames): string {
  const id = parseCategoryId(categoryId);
  if (id !== undefined && names.nameOf(id) !== undefined) return id.toString();
  return categoryId.trim() ? OTHER_ID : '';
}

/** Navigation state of the pet page right after it was added, and of this form for the next one. */
export interface AddedPetState {
  created?: true;
  another?: true;
}

/**
 * The form, once no pet sent from it before is on its way: opened again while one is (the person
 * left it meanwhile), it waits for that answer rather than offer to send the pet a second time.
 */
export function AddPetPage() {
  const { environment } = useApi();
  const onItsWay = usePetOnItsWay();
  const [waiting, setWaiting] = useState(onItsWay !== undefined);
  if (waiting && !onItsWay) setWaiting(false);
  if (!waiting || !onItsWay) return <AddPetForm />;
  return (
    <section className="narrow">
      <PageHeading title="Add a pet" />
      <p className="card" role="status">
        <Quoted text={onItsWay.name} />, sent before you left this page, is still on its way to {environment.name}. The
        form opens once its answer is in.
      </p>
    </section>
  );
}

function AddPetForm() {
  const navigate = useNavigate();
  const { environment } = useApi();
  const another = (useLocation().state as AddedPetState | null)?.another === true;
  const { mutation: createPet, lostAnswers, idempotent, forgetLostAnswers } = useCreatePet();
  const pageLeft = usePageLeft();
  // The pet last sent, for looking it up when its answer was lost.
  const [sent, setSent] = useState<NewPet>();
  // A pet sent before this form opened (a reload while it was on its way, or the form left) whose
  // answer this form never read.
  const [unread, setUnread] = useState(() => (idempotent ? undefined : unansweredPet.sent()));
  const failureRef = useRef<HTMLDivElement>(null);
  const defaultValues = useDraftDefaults(petFormDraft, EMPTY_PET_FORM);
  const resolver = useMemo(() => zodResolver(petFormSchema(environment.limits)), [environment.limits]);
  const names = useCategoryNames();
  // The pet last kept in this tab, not sent: the service could not be reached.
  const [kept, setKept] = useState<QueuedPet>();
  const { register, handleSubmit, subscribe, setError, setFocus, setValue, getValues, reset, formState } = useForm({
    resolver,
    defaultValues,
    // Its focus comes before the errors are drawn; the effect below moves it after.
    shouldFocusError: false,
  });
  useSaveDraft(petFormDraft, EMPTY_PET_FORM, subscribe);
  // Where categories are named, a choice by name; "Other ID…" reveals the id field.
  const [categoryChoice, setCategoryChoice] = useState(() => choiceOf(defaultValues.categoryId, names));
  const categorySelect = useRef<HTMLSelectElement>(null);
  // The id field appears next, and the focus stays on the choice: arrow keys browse a closed list
  // option by option, and would otherwise be taken out of it on passing "Other ID…".
  const chooseCategory = (choice: string) => {
    setCategoryChoice(choice);
    setValue('categoryId', choice === OTHER_ID ? '' : choice, { shouldValidate: formState.isSubmitted });
  };
  const idField = !names.named || categoryChoice === OTHER_ID;

  // "Add another": category and status are kept, the name is to type.
  useEffect(() => {
    if (another) setFocus('name');
  }, [another, setFocus]);
  /** The form free for the next pet, as after an add: category and status kept, the name to type. */
  const startNext = (values: PetFormValues) => {
    // Its fields kept registered, so that the focus can go to one at once.
    reset({ ...values, name: '' }, { keepFieldsRef: true });
    setFocus('name');
  };

  // Every form submits the same way: react-hook-form checks the values, the mutation sends them,
  // and the button stays disabled until the answer is in (a double click sends once).
  const onSubmit = handleSubmit(
    async (values) => {
      const pet = toNewPet(values);
      setSent(pet);
      setUnread(undefined);
      setKept(undefined);
      leftCreate.clear();
      // Told to the sender, on whichever page they went to, should they leave before the answer.
      const owner = sessionStore.get().session?.owner ?? '';
      try {
        const outcome = await createPet.mutateAsync(pet);
        if (pageLeft()) return leftCreate.tell({ owner, pet, outcome });
        const { added, queued } = outcome;
        if (queued) {
          // Kept in this tab: the form is free for the next pet, category and status kept.
          setKept(queued);
          startNext(values);
        } else {
          navigate(paths.pet(added.id), { state: { created: true } satisfies AddedPetState });
        }
      } catch (error) {
        if (pageLeft()) return leftCreate.tell({ owner, pet, error });
        const field = fieldOfError(error);
        if (!field) return;
        sayWhereFocused(document.getElementsByName(field)[0], (error as Error).message);
        setError(field, { type: 'server', message: (error as Error).message });
      }
    },
    (errors) => {
      forgetRefusal(createPet);
      // The focus goes to the first field in error (the form's order): where it is already, that
      // error is said.
      const first = (Object.keys(errors) as (keyof PetFormValues)[])[0];
      if (first) sayWhereFocused(document.getElementsByName(first)[0], errors[first]?.message);
    },
  );

  // A field error is shown beside its field; anything else above the button.
  const failure = createPet.isError && !fieldOfError(createPet.error) ? createPet.error : undefined;
  const lost =
    failure && isApiError(failure) && failure.mayHaveBeenDone && lostAnswers && sent
      ? {
          pet: sent,
          words: describeLostCreate({
            lostBy: failure.kind,
            ...lostAnswers,
            idempotent,
            environmentName: environment.name,
          }),
        }
      : unread && createPet.isIdle
        ? {
            pet: unread.pet,
            // Lost before this form opened (a reload, or the form left), as it was lost.
            words: unread.lostBy
              ? describeLostCreate({
                  lostBy: unread.lostBy,
                  inARow: 1,
                  readsAnswer: false,
                  idempotent,
                  environmentName: environment.name,
                })
              : describeUnreadCreate(environment.name),
          }
        : undefined;
  // Not on a page being left: the answer is the notice's to tell on the next (left-create.ts).
  useEffect(() => {
    if (failure && !pageLeft()) failureRef.current?.focus();
  }, [failure, lostAnswers, pageLeft]);
  // The person found the pet sent in the list: it was added, so the form is free for the next one,
  // as after an add (category and status kept), and no draft is left to add it twice.
  const forgetSent = () => {
    createPet.reset();
    forgetLostAnswers();
    setSent(undefined);
    setUnread(undefined);
    leftCreate.clear();
    startNext(getValues());
  };

  const { errors, isSubmitting } = formState;
  // After each submit that left errors (the form's checks, or the service naming a field), the focus
  // goes to the first field in error, in the form's order, once its error is drawn: a screen reader
  // reads the two together. Not as the person goes on typing. The choice by name has the category's
  // error, and takes the focus for it as a field would.
  useEffect(() => {
    const first = (Object.keys(errors) as (keyof PetFormValues)[])[0];
    if (first === 'categoryId' && !idField) categorySelect.current?.focus();
    else if (first) setFocus(first);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formState.submitCount]);
  const sending = isSubmitting && createPet.isPending;
  // Once the look found the pet, a second send without an idempotency key would add it twice.
  const foundAlready = useFoundByLook(lost?.pet);
  // Sending again may add the pet twice: the notice's Look for comes first, and the send is no
  // longer drawn as the way on.
  const riskyResend = lost !== undefined && (!idempotent || lost.words.refusedBySetup);
  const submitLabel = sending
    ? 'Adding…'
    : riskyResend
      ? foundAlready
        ? 'Send again anyway'
        : 'Send again'
      : failure && canRetry(failure)
        ? 'Try again'
        : 'Add pet';
  return (
    <section className="narrow">
      <PageHeading title="Add a pet" />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="card form" aria-label="New pet">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="off" {...register('name')} />}
        </Field>
        {names.named && (
          <Field
            label="Category"
            error={
              idField
                ? undefined
                : errors.categoryId && (categoryChoice === '' ? 'Choose a category.' : errors.categoryId.message)
            }
          >
            {(control) => (
              <select
                {...control}
                ref={categorySelect}
                value={categoryChoice}
                onChange={(event) => chooseCategory(event.target.value)}
              >
                <option value="">Choose…</option>
                {names.list.map(({ id, name }) => (
                  <option key={id.toString()} value={id.toString()}>
                    {name}
                  </option>
                ))}
                <option value={OTHER_ID}>Other ID…</option>
              </select>
            )}
          </Field>
        )}
        {idField && (
          <Field
            label="Category ID"
            hint={names.named ? 'For a category not in the list, type its ID.' : undefined}
            error={errors.categoryId?.message}
          >
            {(control) => <input {...control} inputMode="numeric" autoComplete="off" {...register('categoryId')} />}
          </Field>
        )}
        <Field label="Status" error={errors.status?.message}>
          {(control) => (
            <select {...control} {...register('status')}>
              <StatusOptions />
            </select>
          )}
        </Field>
        {(failure || lost) && (
          <div ref={failureRef} tabIndex={-1}>
            {lost ? (
              <LostCreateNotice
                words={lost.words}
                pet={lost.pet}
                found={{ label: 'It is: clear the form', onClick: forgetSent }}
              />
            ) : (
              failure && <ErrorNotice error={failure} kind="write" idempotent={idempotent} />
            )}
          </div>
        )}
        {/* There before the pet is kept, so that it is read out as the focus moves on to the next. */}
        <div className="live-slot" role="status">
          {kept && <KeptInTab pet={kept} />}
        </div>
        <div className="form-actions">
          <button type="submit" className={riskyResend ? 'button-secondary' : 'button-primary'} disabled={isSubmitting}>
            {submitLabel}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {sending ? 'Adding the pet…' : ''}
        </p>
      </form>
    </section>
  );
}
