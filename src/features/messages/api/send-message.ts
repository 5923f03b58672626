import { onlineManager, useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.ts';
import { offlineError } from '../../../api/api-error.ts';
import { readBody, type PetstoreApi } from '../../../api/client.ts';
import { readMessage, type Message } from '../message.ts';

/** `POST {messagesBaseUrl}/messages` (sendMessage). */
async function sendMessage(api: PetstoreApi, message: string): Promise<Message> {
  // Not sent, rather than sent into no connection: the form can then say it cannot have arrived.
  if (!onlineManager.isOnline()) throw offlineError();
  return readBody(await api.messages.POST('/messages', { body: { message }, parseAs: 'text' }), readMessage);
}

export function useSendMessage() {
  const api = useApi();
  return useMutation({ mutationFn: (message: string) => sendMessage(api, message) });
}
