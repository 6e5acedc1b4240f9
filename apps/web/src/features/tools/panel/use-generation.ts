import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { type Created, type GenerationTool, useEnsureUsersInfo, useInvalidateMaterials } from '../api';
import { type CompletionSignal, isSubscriptionError, waitForCompletion } from '../subscription';
import { destinationOf } from './destinations';

/** Turns a failure of the create call or the subscription into the sentence the panel shows. */
export function useFailureMessage() {
  const { t } = useTranslation('tools');
  const { t: tc, i18n } = useTranslation();
  return useCallback(
    (error: unknown): string => {
      if (isSubscriptionError(error)) {
        return error.kind === 'timeout' ? t('panel.errors.timeout') : t('panel.errors.connection');
      }
      if (isApiError(error) && error.details.length > 0) {
        return [apiErrorMessage(error, tc), ...error.details.map((detail) => detail.message)].join(' ');
      }
      if (isApiError(error)) return apiErrorMessage(error, tc);
      if (typeof error === 'string') {
        // The worker reports an error code when it has one; anything else is shown as it came.
        const key = `errors.${error}`;
        return i18n.exists(key) ? tc(key as 'errors.COMMON') : error;
      }
      return tc('errors.COMMON');
    },
    [t, tc, i18n],
  );
}

/** Waits for completion signals until the component goes away (then the wait is dropped). */
export function useCompletionWaiter() {
  const ensureUsersInfo = useEnsureUsersInfo();
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const live = controllers.current;
    return () => {
      for (const controller of live) controller.abort();
    };
  }, []);
  return useCallback(
    async (id: number): Promise<CompletionSignal> => {
      const controller = new AbortController();
      controllers.current.add(controller);
      try {
        const info = await ensureUsersInfo();
        return await waitForCompletion({ userId: info.userInfo.userId, id, signal: controller.signal });
      } finally {
        controllers.current.delete(controller);
      }
    },
    [ensureUsersInfo],
  );
}

/**
 * The creation flow every panel shares (document-tools.md §4): submit, keep the loading overlay up
 * while the subscription waits for the completion signal, then open the result; an error signal
 * or a failed subscription is shown in the panel instead.
 */
export function useGeneration(tool: GenerationTool) {
  const { t } = useTranslation('tools');
  const navigate = useNavigate();
  const waitFor = useCompletionWaiter();
  const failureMessage = useFailureMessage();
  const invalidateMaterials = useInvalidateMaterials();
  const [isGenerating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** `onDone` replaces opening the result (a view that re-made its own document reloads instead). */
  const run = useCallback(
    async (submit: () => Promise<Created>, onDone?: (id: number) => void) => {
      setGenerating(true);
      setError(null);
      try {
        const { id } = await submit();
        const signal = await waitFor(id);
        void invalidateMaterials();
        if (!mounted.current) return;
        if (signal.result === 'error') {
          setError(t(`panel.errors.failed.${tool}`, { message: failureMessage(signal.message) }));
          return;
        }
        if (onDone) onDone(id);
        else navigate(destinationOf(tool, id));
      } catch (caught) {
        if (isSubscriptionError(caught) && caught.kind === 'aborted') return;
        console.error(caught);
        if (mounted.current) setError(failureMessage(caught));
      } finally {
        if (mounted.current) setGenerating(false);
      }
    },
    [tool, t, navigate, waitFor, failureMessage, invalidateMaterials],
  );

  return { run, isGenerating, error, clearError: () => setError(null) };
}
