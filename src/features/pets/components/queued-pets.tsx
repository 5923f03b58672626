import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { parseInt64 } from '../../../../contract/int64.ts';
import { useApi } from '../../../api/api-context.ts';
import { paths } from '../../../config/paths.ts';
import { sessionStore } from '../../../lib/session.ts';
import { describeLostCreate } from '../../../ui/error-messages.ts';
import { Isolated, Quoted } from '../../../ui/isolate.tsx';
import { count } from '../../../ui/words.ts';
import { petFormDraft } from '../add-pet-draft.ts';
import { useCategoryNames } from '../categories.ts';
import { STATUS_LABELS } from '../pet.ts';
import { toNewPet } from '../pet-form-schema.ts';
import {
  petQueue,
  useKeptPets,
  useLeftBehindPets,
  useOnline,
  usePetQueue,
  useSentPets,
  type QueuedPet,
} from '../pet-queue.ts';
import { sendAgain, sendsAgainSafely } from '../api/send-queued-pets.ts';
import { LostCreateNotice, useFoundByLook } from './lost-create-notice.tsx';

/**
 * How many pets of the queue are in each case: still to be sent, kept from the service by the page's
 * CSP (not sent until a reload, pet-queue.ts), or waiting for the person.
 */
function tally(queue: readonly QueuedPet[]) {
  const inState = (...states: QueuedPet['state'][]) => queue.filter((pet) => states.includes(pet.state)).length;
  const blocked = queue.filter((pet) => pet.state === 'waiting' && pet.blocked).length;
  return {
    toSend: inState('waiting', 'sending') - blocked,
    blocked,
    lost: inState('lost'),
    refused: inState('refused'),
  };
}

/** "a, b, and c". */
const allOf = new Intl.ListFormat('en', { type: 'conjunction' });

/** The parts of a list that are not empty, in a sentence. */
const inWords = (parts: (string | false)[]) => allOf.format(parts.filter((part) => part !== false));

/** Pets' names (or links to them), in a sentence, as `inWords` joins words. */
function namesInWords(names: readonly ReactNode[]) {
  return allOf
    .formatToParts(names.map((_, index) => String(index)))
    .map((part, at) => (
      <Fragment key={at}>{part.type === 'element' ? names[Number(part.value)] : part.value}</Fragment>
    ));
}

/** What became of a queued pet, in words: never told by colour alone. */
function stateText(pet: QueuedPet, environmentName: string, online: boolean): string {
  switch (pet.state) {
    case 'waiting':
      // Before the offline line: back online, a pet the page's CSP refused is not sent (pet-queue.ts).
      if (pet.blocked)
        return `Not sent: this page's setup does not let it reach ${environmentName}. It stays in this tab: tell whoever deployed the app, and once that is mended, reload this page to send it.`;
      return online
        ? `Waiting to be sent: it goes as soon as ${environmentName} answers.`
        : 'Waiting to be sent: it goes once this device is back online.';
    case 'sending':
      return 'Sending…';
    case 'lost':
      // What became of it is the notice's to say, below: this line says only whose move it is.
      return 'Waiting for you to decide.';
    case 'refused':
      return `Not added: ${pet.problem ?? `${environmentName} refused it.`}`;
  }
}

function QueuedPetItem({
  pet,
  onDiscard,
  onFound,
}: {
  pet: QueuedPet;
  onDiscard: () => void;
  /** The person says the pet the look found is this one: it was added, and leaves this tab. */
  onFound: () => void;
}) {
  const { environment } = useApi();
  const navigate = useNavigate();
  const { name, categoryId, status } = pet.pet;
  const names = useCategoryNames();
  const categoryNumber = parseInt64(categoryId);
  const idempotent = sendsAgainSafely(environment, pet);
  const online = useOnline();
  const lostWords =
    pet.state === 'lost' &&
    describeLostCreate({
      lostBy: pet.unreadable ? 'invalid-response' : (pet.lostBy ?? 'network'),
      inARow: 1,
      readsAnswer: false,
      idempotent,
      environmentName: environment.name,
    });
  // Once its notice's look found it, sending it again would add it twice (unless its idempotency key
  // still holds): the button says so. Only after a look of this notice's own: another pet like it
  // may have been looked for, with the same answer, shown under that one.
  const [looked, setLooked] = useState(false);
  const lostPet = pet.state === 'lost' ? toNewPet(pet.pet) : undefined;
  const found = useFoundByLook(looked && !idempotent ? lostPet : undefined);
  const edit = () => {
    petFormDraft.save(pet.pet);
    petQueue.remove(pet.id);
    void navigate(paths.addPet);
  };
  return (
    <li className="queued-pet">
      <p className="queued-pet-what">
        <strong>
          <Isolated text={name} />
        </strong>
        , {categoryNumber === undefined ? `category ${categoryId}` : names.label(categoryNumber)},{' '}
        {STATUS_LABELS[status].toLowerCase()}
      </p>
      <p className={`queued-pet-state queued-pet-${pet.state}`}>{stateText(pet, environment.name, online)}</p>
      {lostWords && lostPet && (
        <LostCreateNotice
          words={lostWords}
          pet={lostPet}
          found={{
            label: (
              <>
                It is: remove it from this tab<span className="visually-hidden"> (“{name}”)</span>
              </>
            ),
            onClick: onFound,
          }}
          onLook={() => setLooked(true)}
        />
      )}
      {/* The visible words first: a button lays its text out as flex items, and drops the spaces around them. */}
      {pet.state !== 'sending' && (
        <p className="queued-pet-actions">
          {pet.state === 'lost' && (
            <button type="button" className="button-secondary" onClick={() => sendAgain(pet)}>
              {found ? 'Send again anyway' : 'Send again'}
              <span className="visually-hidden"> “{name}”</span>
            </button>
          )}
          {pet.state === 'refused' && (
            <button type="button" className="button-secondary" onClick={edit}>
              Edit<span className="visually-hidden"> “{name}”</span>
            </button>
          )}
          <button type="button" className="button-secondary" onClick={onDiscard}>
            Discard<span className="visually-hidden"> “{name}”</span>
          </button>
        </p>
      )}
    </li>
  );
}

/**
 * Pets that other keys left waiting on this tab: their key stopped working, and the person left for
 * the sign-in screen instead of giving a new one. The queue is per key, so they become this key's
 * only when the person takes them over. The focus never falls to the page: Keep gives it back to
 * Discard, and once they are dealt with, the words saying so take it.
 */
function LeftBehindPets() {
  const left = useLeftBehindPets();
  const { environment } = useApi();
  // `kept`: as `offer`, after Keep (the focus back on Discard).
  const [step, setStep] = useState<'offer' | 'kept' | 'discard?' | 'taken over' | 'discarded'>('offer');
  const discard = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const target = { offer: undefined, kept: discard, 'discard?': keep, 'taken over': done, discarded: done }[step];
    target?.current?.focus();
  }, [step]);

  if (left.length === 0) {
    if (step !== 'taken over' && step !== 'discarded') return null;
    return (
      <p ref={done} className="notice" role="status" tabIndex={-1}>
        {step === 'taken over'
          ? 'Taken over: they are kept in this tab for your key, below.'
          : 'Discarded: nothing of them is kept.'}
      </p>
    );
  }
  const them = left.length === 1 ? 'it' : 'them';
  return (
    <section className="queued-pets notice notice-warning" aria-labelledby="left-behind-title">
      <h2 id="left-behind-title">Left in this tab: {count(left.length, 'pet')}</h2>
      <p>
        Added with an API key that {environment.name} no longer accepts:{' '}
        {namesInWords(left.map((pet) => <Quoted text={pet.pet.name} />))}. Take {them} over to send {them} with your
        key, or discard {them}.
      </p>
      {step === 'discard?' ? (
        <div className="queued-pet-actions" role="group" aria-labelledby="left-behind-discard">
          <span id="left-behind-discard">{`Discard ${them} for good?`}</span>
          {/* The safe answer stands out, as in the sign-out question: discarding cannot be undone. */}
          <button ref={keep} type="button" className="button-primary" onClick={() => setStep('kept')}>
            {`Keep ${them}`}
          </button>
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setStep('discarded');
              petQueue.discardLeftBehind();
            }}
          >
            {`Discard ${them}`}
          </button>
        </div>
      ) : (
        <p className="queued-pet-actions">
          <button
            type="button"
            className="button-secondary"
            onClick={() => {
              setStep('taken over');
              petQueue.takeOver();
            }}
          >
            {`Take ${them} over`}
          </button>
          <button ref={discard} type="button" className="button-secondary" onClick={() => setStep('discard?')}>
            {`Discard ${them}…`}
          </button>
        </p>
      )}
    </section>
  );
}

/** The pets kept in this tab, until they are sent: shown above the list, apart from it. */
export function QueuedPets() {
  return (
    <>
      <LeftBehindPets />
      <OwnQueuedPets />
    </>
  );
}

function OwnQueuedPets() {
  const queue = usePetQueue();
  const { environment } = useApi();
  // The pet last discarded, or removed as found in the list, and where it was: Undo puts it back,
  // until this page is left.
  const [discarded, setDiscarded] = useState<{ pet: QueuedPet; at: number; found?: boolean }>();
  const [undone, setUndone] = useState(0);
  const undo = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed is gone: the focus goes to what replaced it.
  useEffect(() => {
    if (discarded) undo.current?.focus();
  }, [discarded]);
  useEffect(() => {
    if (undone > 0) heading.current?.focus();
  }, [undone]);
  // Beside the kept pets, not among them: it stays where it is, the focus in it, as they come and go.
  const undoLine = discarded && (
    <p className="notice queued-undo">
      {/* One flex item: the words wrap as a sentence does. */}
      <span>
        <Quoted text={discarded.pet.pet.name} />{' '}
        {discarded.found ? `is in ${environment.name}'s list: it is no longer kept in this tab.` : 'was discarded.'}
      </span>
      <button
        ref={undo}
        type="button"
        className="button-secondary"
        onClick={() => {
          petQueue.restore(discarded.pet, discarded.at);
          setDiscarded(undefined);
          setUndone((times) => times + 1);
        }}
      >
        Undo
        <span className="visually-hidden">
          {' '}
          {discarded.found ? 'removing' : 'discarding'} “{discarded.pet.pet.name}”
        </span>
      </button>
    </p>
  );
  // Said as the service adds them, while this page is open: they leave the section, and come into the
  // list once it is read again.
  const allSent = useSentPets();
  const [sentBefore] = useState(allSent.length);
  const sent = allSent.slice(sentBefore);
  const { toSend, blocked, lost, refused } = tally(queue);
  const state = inWords([
    toSend > 0 && `${toSend.toLocaleString()} waiting to be sent`,
    blocked > 0 && `${blocked.toLocaleString()} stopped by this page's setup`,
    lost + refused > 0 && `${(lost + refused).toLocaleString()} waiting for you to decide`,
  ]);
  return (
    <>
      {queue.length > 0 && (
        <section className="queued-pets notice notice-warning" aria-labelledby="queued-pets-title">
          <h2 id="queued-pets-title" ref={heading} tabIndex={-1}>
            Kept in this tab: {count(queue.length, 'pet')}
          </h2>
          <p>
            {state}. Signing out or closing this tab loses {queue.length === 1 ? 'it' : 'them'}.
          </p>
          <ul>
            {queue.map((pet, at) => (
              <QueuedPetItem
                key={pet.id}
                pet={pet}
                onDiscard={() => {
                  setDiscarded({ pet, at });
                  petQueue.remove(pet.id);
                }}
                onFound={() => {
                  setDiscarded({ pet, at, found: true });
                  petQueue.remove(pet.id);
                }}
              />
            ))}
          </ul>
        </section>
      )}
      {undoLine}
      {/* There while pets are kept, so that a screen reader reads the line as it comes. */}
      {(queue.length > 0 || sent.length > 0) && (
        <div role="status">
          {sent.length > 0 && (
            <p className="notice notice-success queued-sent">
              Added to {environment.name} from this tab:{' '}
              {namesInWords(
                sent.map((pet) => (
                  <Link to={paths.pet(pet.id)}>
                    <Quoted text={pet.name} />
                  </Link>
                )),
              )}
              .
            </p>
          )}
        </div>
      )}
    </>
  );
}

/**
 * Under the form, once a pet is kept in this tab rather than sent: what has become of it since,
 * as the queue says (from this page, it can only leave the queue by being sent). Within a live
 * region of the form's.
 */
export function KeptInTab({ pet }: { pet: QueuedPet }) {
  const { environment } = useApi();
  const now = usePetQueue().find((each) => each.id === pet.id);
  const online = useOnline();
  const name = <Quoted text={pet.pet.name} />;
  if (!now) {
    return (
      <div className="notice">
        <p>
          {name} has been sent to {environment.name}. <Link to={paths.pets}>See the list</Link>
        </p>
      </div>
    );
  }
  // Offline, the device is why it waits, not the service.
  const waiting = online ? (
    <>
      {environment.name} can't be reached: {name} is kept in this tab and will be sent when the service answers again.
    </>
  ) : (
    <>This device is offline: {name} is kept in this tab and will be sent once it is back online.</>
  );
  const words = {
    waiting,
    // From this page, a pet is sent only as a try of the queue's own, every few seconds: the notice,
    // which is read out as it changes, says so only once the try has worked (or what it found).
    sending: waiting,
    lost: (
      <>
        {environment.name} can't be reached, and no answer came back: {name} may have been added. It is kept in this
        tab, and sent again only if you ask.
      </>
    ),
    refused: (
      <>
        {environment.name} did not add {name}: {now.problem ?? 'it refused it.'}
      </>
    ),
  }[now.state];
  return (
    <div className="notice notice-warning">
      <p>{words}</p>
      <p>
        <Link to={paths.pets}>See the pets kept in this tab</Link>
      </p>
    </div>
  );
}

/**
 * Before signing out with pets still waiting, or with `typed`, what forms hold typed and unsent, in
 * words ("the message you were writing"): they would be lost.
 */
export function SignOutConfirm({
  open,
  onClose,
  typed = [],
}: {
  open: boolean;
  onClose: () => void;
  typed?: readonly string[];
}) {
  const queue = useKeptPets();
  const { environment } = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);
  const n = queue.length;
  const { toSend, blocked, lost, refused } = tally(queue);
  const lose = inWords([n > 0 && count(n, 'pet'), typed.length > 0 && 'what you typed']);
  const one = n + typed.length === 1;
  return (
    <dialog
      ref={dialog}
      className="card dialog"
      aria-labelledby="sign-out-title"
      aria-describedby="sign-out-why"
      onClose={onClose}
    >
      {open && (
        <div className="form">
          <h2 id="sign-out-title">{lose ? `Sign out and lose ${lose}?` : 'Sign out?'}</h2>
          <p id="sign-out-why">
            {n > 0 &&
              `Kept in this tab: ${inWords([
                toSend + blocked > 0 && `${count(toSend + blocked, 'pet')} not sent yet`,
                lost > 0 && `${count(lost, 'pet')} that may or may not have been added`,
                refused > 0 && `${count(refused, 'pet')} that ${environment.name} did not add`,
              ])}. `}
            {typed.length > 0 && `Typed and not sent: ${inWords([...typed])}. `}
            {lose
              ? `Signing out removes ${one ? 'it' : 'them'} from this tab for good.`
              : 'Every pet that was waiting has been sent: nothing will be lost.'}
          </p>
          <div className="form-actions">
            <button type="button" className="button-primary" onClick={onClose}>
              Stay signed in
            </button>
            <button type="button" className="button-secondary" onClick={sessionStore.signOut}>
              {lose ? `Sign out and lose ${one ? 'it' : 'them'}` : 'Sign out'}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
