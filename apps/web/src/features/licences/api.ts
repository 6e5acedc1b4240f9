import type { TrialOffer, UserLicense } from '@ssaem/contracts/licenses';
import type { LicenseInfo } from '@ssaem/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { usersInfoKey } from '../account/api';

/** core.md §9: re-checked every 60 s, and at most every 30 s when asked repeatedly. */
export const LICENCE_RECHECK_MS = 60_000;
export const LICENCE_THROTTLE_MS = 30_000;
export const LICENCE_PAGE_SIZE = 10;

export const licenceKeys = {
  all: ['licences'] as const,
  validity: ['licences', 'validity'] as const,
  mine: (pageIndex: number) => ['licences', 'mine', pageIndex] as const,
  trial: ['licences', 'trial'] as const,
};

export interface UserLicensePage {
  items: UserLicense[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

export function useLicenceValidity({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: licenceKeys.validity,
    queryFn: ({ signal }) => apiRequest<LicenseInfo>('/api/v1/user-license/check-validity', { signal }),
    staleTime: LICENCE_THROTTLE_MS,
    refetchInterval: LICENCE_RECHECK_MS,
    enabled,
  });
}

export function useMyLicences(pageIndex: number) {
  return useQuery({
    queryKey: licenceKeys.mine(pageIndex),
    queryFn: ({ signal }) =>
      apiRequest<UserLicensePage>('/api/v1/user-license/my-list', {
        signal,
        query: { pageIndex, pageSize: LICENCE_PAGE_SIZE, status: 'ACTIVE' },
      }),
  });
}

/** Registers a licence key; validity, the licence list and users/info are read again after it. */
export function useRegisterLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licenseKey: string) =>
      apiRequest<UserLicense>('/api/v1/user-license', { method: 'POST', body: { licenseKey } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
        queryClient.invalidateQueries({ queryKey: usersInfoKey }),
      ]);
    },
  });
}

/** The free trial the licence page offers, and whether this account may still start it. */
export function useTrialOffer() {
  return useQuery({
    queryKey: licenceKeys.trial,
    queryFn: ({ signal }) => apiRequest<TrialOffer>('/api/v1/user-license/trial', { signal }),
  });
}

/** Starts the free trial (once per account); validity, the licence list and users/info follow. */
export function useStartTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<UserLicense>('/api/v1/user-license/trial', { method: 'POST' }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: licenceKeys.all }),
        queryClient.invalidateQueries({ queryKey: usersInfoKey }),
      ]);
    },
  });
}
