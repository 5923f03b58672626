import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../../api/api-context.ts';
import { ErrorNotice } from '../../../ui/error-notice.tsx';
import { Field } from '../../../ui/field.tsx';
import { forgetRefusal } from '../../../ui/form-refusal.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { useDraftDefaults, useSaveDraft } from '../../../ui/use-form-draft.ts';
import { useSendMessage } from '../api/send-message.ts';
import { EMPTY_MESSAGE_FORM, messageDraft } from '../message-draft.ts';
import { messageFormSchema, SENT_MESSAGES_KEPT, sentMessages, type Message } from '../message.ts';

// In the staff member's own language and time zone, the zone named: a queue may be far away.
const timeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

export function MessagesPage() {
  const { environment } = useApi();
  const log = sentMessages(environment.name);
  const [sent, setSent] = useState<Message[]>(() => log.load()?.sent ?? []);
  const send = useSendMessage();
  const defaultValues = useDraftDefaults(messageDraft, EMPTY_MESSAGE_FORM);
  const resolver = useMemo(() => zodResolver(messageFormSchema(environment.limits)), [environment.limits]);
  const { register, handleSubmit, reset, setFocus, formState, subscribe } = useForm({
    resolver,
    defaultValues,
    // Its focus comes before the error is drawn; the effect below moves it after.
    shouldFocusError: false,
  });
  useSaveDraft(messageDraft, EMPTY_MESSAGE_FORM, subscribe);
  // A message the form stops: the focus goes to the field once its error is drawn, so that a screen
  // reader reads the two together.
  const refused = Boolean(formState.errors.message);
  useEffect(() => {
    if (refused) setFocus('message');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formState.submitCount]);

  // The same idiom as every form: checked values, the mutation, the button disabled until answered.
  // The button pressed is disabled meanwhile, which drops the focus: the field takes it back, for
  // the next message or to change this one.
  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const message = await send.mutateAsync(values.message);
        const next = [message, ...sent].slice(0, SENT_MESSAGES_KEPT);
        setSent(next);
        log.save({ sent: next });
        reset(EMPTY_MESSAGE_FORM, { keepFieldsRef: true });
      } catch {
        // Shown from the mutation's state below; the message stays in the field.
      }
      setFocus('message');
    },
    () => forgetRefusal(send),
  );
  const latest = send.data;

  return (
    <section className="narrow">
      <PageHeading title="Messages" />
      <p className="lead">
        Send a note through the store&rsquo;s message service: a reminder for the next shift, a feeding change, a
        handover. A message is <strong>queued</strong> first: the service has it, but has not delivered it yet.
      </p>
      <form className="card form" noValidate aria-label="New message" onSubmit={(event) => void onSubmit(event)}>
        <Field label="Message" error={formState.errors.message?.message}>
          {(control) => <textarea {...control} rows={4} {...register('message')} />}
        </Field>
        {send.isError && <ErrorNotice error={send.error} kind="write" service="message service" />}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting && send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </div>
        <div role="status">
          {/* Queued is the spec's word; another status is the service's own, said as given, not as a success.
              Its ID is in the list below: read out here, it would be 36 characters spelt on every send. */}
          {latest && (
            <p className={latest.status === 'queued' ? 'notice notice-success' : 'notice'}>
              {latest.status === 'queued'
                ? 'Message queued (not yet delivered)'
                : `The message service took the message, with the status “${latest.status}”`}
              , at <time dateTime={latest.createdAt}>{formatTime(latest.createdAt)}</time>.
            </p>
          )}
        </div>
      </form>

      <h2>Sent in this session</h2>
      {sent.length === 0 && <p>No messages sent yet.</p>}
      {sent.length === SENT_MESSAGES_KEPT && <p>The {SENT_MESSAGES_KEPT} newest are listed here.</p>}
      {sent.length > 0 && (
        <ul className="message-list" aria-label="Messages sent in this session">
          {sent.map((message) => (
            <li key={message.id} className="card">
              <p className="message-text">{message.message}</p>
              <p className="message-meta">
                {/* The service's word as it answered: the interface has no way to ask again later. */}
                {message.status === 'queued' ? 'Queued when sent' : `Status when sent: ${message.status}`} ·{' '}
                <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time> · <code>{message.id}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
