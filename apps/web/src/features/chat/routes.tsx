import { type RouteObject, redirect } from 'react-router';
import { loadPageTexts } from '../../lib/i18n';

async function loadChatTexts(): Promise<void> {
  await loadPageTexts(['chat']);
}

/**
 * The chat screens (core.md §2). One route per prefix serves both `new` and an id, so a new chat
 * that moves to its id keeps its component, and so its running answer.
 */
export const chatRoutes: RouteObject[] = [
  { path: 'chat', loader: () => redirect('/chat/new'), element: null },
  {
    path: 'chat/:conversationId',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/chat-screens'), loadChatTexts()]);
      return { Component: module.ChatScreen };
    },
  },
  { path: 'v2/chat', loader: () => redirect('/v2/chat/new'), element: null },
  {
    path: 'v2/chat/concurrency-test',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/concurrency-test-page'), loadChatTexts()]);
      return { Component: module.ConcurrencyTestPage };
    },
  },
  {
    path: 'v2/chat/:conversationId',
    lazy: async () => {
      const [module] = await Promise.all([import('./components/chat-screens'), loadChatTexts()]);
      return { Component: module.ChatV2Screen };
    },
  },
];
