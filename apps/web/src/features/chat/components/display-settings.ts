import { createContext, useContext } from 'react';

/** How messages are shown, from the teacher's user settings. */
export interface ChatDisplaySettings {
  /** Show the model's reasoning (think parts) as a collapsed section; hidden when false. */
  showReasoning: boolean;
}

export const ChatDisplayContext = createContext<ChatDisplaySettings>({ showReasoning: true });

export function useChatDisplay(): ChatDisplaySettings {
  return useContext(ChatDisplayContext);
}
