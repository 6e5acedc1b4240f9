import type { MembershipRequest } from '@ssaem/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const homeKeys = {
  pendingRequests: ['users', 'school-requests', 'PENDING'] as const,
};

/** Requests to join the administrator's school (a super administrator: every school) not yet decided. */
export function usePendingMembershipRequests(enabled = true) {
  return useQuery({
    queryKey: homeKeys.pendingRequests,
    queryFn: ({ signal }) =>
      apiRequest<MembershipRequest[]>('/api/v1/users/school-requests', {
        query: { status: 'PENDING' },
        signal,
      }),
    enabled,
  });
}

export type MembershipDecision = 'approve' | 'reject';

/** Approves or rejects one request; the pending list is read again after it. */
export function useDecideMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: MembershipDecision }) =>
      apiRequest<MembershipRequest>(`/api/v1/users/school-requests/${id}/${decision}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeKeys.pendingRequests }),
  });
}
