import type { SignupInput } from '@ssaem/contracts/users';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** core.md §9: school search page size 10 from page index 0. */
export const SCHOOL_PAGE_SIZE = 10;

export interface SchoolSummary {
  id: number;
  schoolCode: string;
  name: string;
  engName: string | null;
  level: string;
  officeName: string | null;
  address: string | null;
}

export interface SchoolPage {
  items: SchoolSummary[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export interface Invitation {
  email: string;
  schoolId: number;
  schoolName: string;
  role: string;
  expiresAt: string;
}

export type VerificationPurpose = 'SIGNUP' | 'FIND_ID';

export function useSchoolSearch(searchText: string, pageIndex: number) {
  return useQuery({
    queryKey: ['schools', searchText, pageIndex],
    queryFn: ({ signal }) =>
      apiRequest<SchoolPage>('/api/v1/public/schools', {
        signal,
        query: { searchType: 'name', searchText, pageIndex, pageSize: SCHOOL_PAGE_SIZE },
      }),
    enabled: searchText.length > 0,
    placeholderData: (previous) => previous,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<Invitation>('/api/v1/users/public/signup/parse-token', { signal, query: { token } }),
    enabled: Boolean(token),
  });
}

export function checkUsername(username: string): Promise<{ exists: boolean }> {
  return apiRequest('/api/v1/users/public/name-exists', { query: { username } });
}

export function useSendVerification() {
  return useMutation({
    mutationFn: (body: { email: string; purpose: VerificationPurpose }) =>
      apiRequest<{ sent: true; expiresInSeconds: number }>('/api/v1/users/public/send-verification', {
        method: 'POST',
        body,
      }),
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (body: { email: string; purpose: VerificationPurpose; code: string }) =>
      apiRequest<{ verified: true; verificationToken: string }>('/api/v1/users/public/verification', {
        method: 'POST',
        body,
      }),
  });
}

/** PENDING: the school's administrator approves the membership before school materials open. */
export type SignupResult = { username: string; membership: 'ACTIVE' | 'PENDING' };

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupInput) =>
      apiRequest<SignupResult>('/api/v1/users/public/signup', { method: 'POST', body }),
  });
}

export function useFindId() {
  return useMutation({
    mutationFn: (body: { email: string; verificationToken: string }) =>
      apiRequest<{ usernames: string[] }>('/api/v1/users/public/find-id', { method: 'POST', body }),
  });
}
