import type { ToolThread, ToolThreadMessage } from '@ssaem/contracts/tool-assistant';
import type { LibraryType } from '@ssaem/contracts/tools';
import { useQuery } from '@tanstack/react-query';
import { apiEventStream, apiRequest } from '../../lib/api-client';
import { SseParser } from '../chat/stream/sse-parser';

export const assistantKeys = {
  thread: (toolType: string, libraryId: number) => ['tool-assistant', toolType, libraryId] as const,
};

/** The teacher's thread about a result: resumed when there is one, opened otherwise. */
export function useToolThread(toolType: LibraryType, libraryId: number) {
  return useQuery({
    queryKey: assistantKeys.thread(toolType, libraryId),
    queryFn: ({ signal }) =>
      apiRequest<ToolThread>('/api/v1/assistant/threads', {
        method: 'POST',
        body: { toolType, libraryId },
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function readThread(id: string): Promise<ToolThread> {
  return apiRequest<ToolThread>(`/api/v1/assistant/threads/${id}`);
}

export interface AskHandlers {
  onText(delta: string): void;
  onDone(message: ToolThreadMessage): void;
  onError(code: string): void;
}

/** Sends a request to the assistant and reads its answer as it is written. */
export async function askAssistant(
  input: { message: string; toolType: LibraryType; threadId: string; version?: string },
  handlers: AskHandlers,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiEventStream('/api/v1/assistant/stream', {
    body: {
      message: input.message,
      toolType: input.toolType,
      thread_id: input.threadId,
      ...(input.version ? { version: input.version } : {}),
    },
    ...(signal ? { signal } : {}),
  });
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  const parser = new SseParser();
  const handle = (events: ReturnType<SseParser['push']>) => {
    for (const { event, data } of events) {
      const payload = JSON.parse(data) as {
        type?: string;
        delta?: string;
        message?: ToolThreadMessage;
        error?: string;
      };
      if (event === 'error') handlers.onError(payload.error ?? 'COMMON');
      else if (payload.type === 'text' && payload.delta) handlers.onText(payload.delta);
      else if (payload.type === 'done' && payload.message) handlers.onDone(payload.message);
    }
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    handle(parser.push(decoder.decode(value, { stream: true })));
  }
  handle(parser.push(decoder.decode()));
  handle(parser.end());
}
