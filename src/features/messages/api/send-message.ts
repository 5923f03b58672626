import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { readMessage, type Message } from '../message.ts';

/** `POST {messagesBaseUrl}/messages` (sendMessage). */
async function sendMessage(api: PetstoreApi, message: string): Promise<Message> {
  return api.read(await api.messages.POST('/messages', { body: { message } }), readMessage);
}

export function useSendMessage() {
  const api = useApi();
  return useMutation({ mutationFn: (message: string) => sendMessage(api, message) });
}
