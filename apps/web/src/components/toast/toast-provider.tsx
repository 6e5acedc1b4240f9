import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './toast.module.css';
import { type ShowToastOptions, type ToastApi, ToastContext } from './toast-context';
import { TOAST_TIMINGS, type ToastVariant } from './toast-timing';

interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  leaving: boolean;
}

/** Holds the transient messages and the two timers (fade start, removal) of each. */
function useToastQueue() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  }, []);

  const show = useCallback(
    (message: string, options: ShowToastOptions = {}) => {
      const variant = options.variant ?? 'message';
      const { visibleMs, fadeMs } = TOAST_TIMINGS[variant];
      const id = nextId.current++;
      setToasts((current) => [...current, { id, message, variant, leaving: false }]);
      later(visibleMs, () =>
        setToasts((current) =>
          current.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)),
        ),
      );
      later(visibleMs + fadeMs, () => setToasts((current) => current.filter((toast) => toast.id !== id)));
    },
    [later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { toasts, show };
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { toasts, show } = useToastQueue();
  const api = useMemo<ToastApi>(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={classes.region}>
        <div role="status" aria-live="polite" aria-label={t('toast.region')} className={classes.stack}>
          {toasts.map((toast) => (
            <div
              key={toast.id}
              className={classes.toast}
              data-variant={toast.variant}
              data-leaving={toast.leaving || undefined}
              style={{ transitionDuration: `${TOAST_TIMINGS[toast.variant].fadeMs}ms` }}
            >
              {toast.message}
            </div>
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}
