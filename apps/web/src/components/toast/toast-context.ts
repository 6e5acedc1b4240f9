import { createContext, useContext } from 'react';
import type { ToastVariant } from './toast-timing';

export interface ShowToastOptions {
  variant?: ToastVariant;
}

export interface ToastApi {
  show: (message: string, options?: ShowToastOptions) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
