import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { components } from '../../../contract/schema.gen.ts';
import { useApi, type PetstoreApi } from '../../app/api-context.ts';
import { ErrorNotice } from '../../ui/error-notice.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { sessionValue } from '../../ui/session-value.ts';
import { useDraftDefaults, useSaveDraft } from '../../ui/use-form-draft.ts';

type Message = components['schemas']['Message'];

const MessageSchema: z.ZodMiniType<Message, unknown> = z.object({
  id: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

const messageFormSchema = z.object({
  message: z
    .string()
    .check(z.trim(), z.minLength(1, 'Write a message.'), z.maxLength(10_000, 'Keep it under 10,000 characters.')),
});

const isMessageList = (value: unknown): value is { sent: Message[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { sent?: unknown }).sent);
// Per environment: messages sent to Staging are not listed as sent to Production.
const sentLog = (environmentName: string) => sessionValue(`sent-messages.${environmentName}`, isMessageList);

const EMPTY_MESSAGE_FORM = { message: '' };
const isMessageDraft = (value: unknown): value is typeof EMPTY_MESSAGE_FORM =>
  typeof (value as { message?: unknown } | null)?.message === 'string';
const draft = sessionValue('message-draft', isMessageDraft);

/** `POST {messagesBaseUrl}/messages`. */
async function sendMessage(api: PetstoreApi, message: string): Promise<Message> {
  const { data } = await api.client.request(`${api.environment.messagesBaseUrl}/messages`, {
    method: 'POST',
    body: { message },
    read: (json) => MessageSchema.parse(json),
  });
  return data;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function MessagesPage() {
  const api = useApi();
  const log = sentLog(api.environment.name);
  const [sent, setSent] = useState<Message[]>(() => log.load()?.sent ?? []);
  const fieldId = useId();
  const defaultValues = useDraftDefaults(draft, EMPTY_MESSAGE_FORM);
  const { register, handleSubmit, reset, formState, subscribe } = useForm({
    resolver: standardSchemaResolver(messageFormSchema),
    defaultValues,
  });
  useSaveDraft(draft, EMPTY_MESSAGE_FORM, subscribe);
  const send = useMutation({
    mutationFn: (message: string) => sendMessage(api, message),
    onSuccess: (message) => {
      const next = [message, ...sent];
      setSent(next);
      log.save({ sent: next });
      reset(EMPTY_MESSAGE_FORM);
    },
  });
  const error = formState.errors.message?.message;
  const latest = send.data;

  return (
    <section className="narrow">
      <PageHeading title="Messages" />
      <form
        className="card form"
        noValidate
        aria-label="New message"
        onSubmit={handleSubmit((values) => {
          if (!send.isPending) send.mutate(values.message);
        })}
      >
        <div className="field">
          <label htmlFor={fieldId}>Message</label>
          <textarea
            id={fieldId}
            rows={4}
            {...register('message')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
          />
          {error && (
            <p id={`${fieldId}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        {send.isError && <ErrorNotice error={send.error} />}
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </button>
        </div>
        <div role="status">
          {latest && (
            <p className="notice notice-success">
              Message queued (not yet delivered): ID <code>{latest.id}</code>, at{' '}
              <time dateTime={latest.createdAt}>{formatTime(latest.createdAt)}</time>.
            </p>
          )}
        </div>
      </form>

      <h2>Sent in this session</h2>
      {sent.length === 0 ? (
        <p>No messages sent yet.</p>
      ) : (
        <ul className="message-list" aria-label="Messages sent in this session">
          {sent.map((message) => (
            <li key={message.id} className="card">
              <p className="message-text">{message.message}</p>
              <p className="message-meta">
                {message.status} · <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time> ·{' '}
                <code>{message.id}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
