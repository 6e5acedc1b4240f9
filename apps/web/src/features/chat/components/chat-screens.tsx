import { ChatPage } from './chat-page';

/** /chat/new and /chat/{conversationId}. */
export function ChatScreen() {
  return <ChatPage basePath="/chat" />;
}

/** /v2/chat/new and /v2/chat/{id}. */
export function ChatV2Screen() {
  return <ChatPage basePath="/v2/chat" />;
}
