import type { EventRegistrationInput, EventSlug, SiteEvent, SiteEventUpdate } from '@ssaem/contracts/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { dateFormat, formatDate } from '../../lib/format';

export interface RegistrationReceipt {
  id: number;
  registeredAt: string;
  deleteAfter: string;
}

export function useSiteEvents() {
  return useQuery({
    queryKey: ['site-events'],
    queryFn: ({ signal }) => apiRequest<SiteEvent[]>('/api/v1/public/events', { signal }),
  });
}

export function useSiteEvent(slug: EventSlug) {
  return useQuery({
    queryKey: ['site-events', slug],
    queryFn: ({ signal }) => apiRequest<SiteEvent>(`/api/v1/public/events/${slug}`, { signal }),
  });
}

export function useRegister(slug: EventSlug) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EventRegistrationInput) =>
      apiRequest<RegistrationReceipt>(`/api/v1/public/events/${slug}/registrations`, {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['site-events'] }),
  });
}

export function useUpdateSiteEvent(slug: EventSlug) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteEventUpdate) =>
      apiRequest<SiteEvent>(`/api/v1/admin/events/${slug}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['site-events'] }),
  });
}

/** Dates and times as Korean teachers read them: in Korean time, whatever the browser's zone. */
function koreanDateTime(language: string) {
  return dateFormat(language === 'en' ? 'en-GB' : 'ko-KR', {
    timeZone: 'Asia/Seoul',
    dateStyle: 'long',
    timeStyle: 'short',
  });
}

export function formatKoreanTime(iso: string, language: string): string {
  return koreanDateTime(language).format(new Date(iso));
}

/** From–to, the date said once when both fall on the same day in Korea. */
export function formatKoreanRange(from: string, to: string, language: string): string {
  const locale = language === 'en' ? 'en-GB' : 'ko-KR';
  const day = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);
  const end =
    day(from) === day(to)
      ? formatDate(to, locale, { timeZone: 'Asia/Seoul', timeStyle: 'short' })
      : formatKoreanTime(to, language);
  return `${formatKoreanTime(from, language)} – ${end}`;
}

export function formatKoreanDate(iso: string, language: string): string {
  return formatDate(iso, language === 'en' ? 'en-GB' : 'ko-KR', {
    timeZone: 'Asia/Seoul',
    dateStyle: 'long',
  });
}

/** Where an event stands for a visitor: its status, or full when open with no seat left. */
export function displayStatus(event: SiteEvent): SiteEvent['status'] | 'FULL' {
  return event.status === 'OPEN' && event.registered >= event.capacity ? 'FULL' : event.status;
}
