import type { AiConnection } from '@ssaem/contracts/tools';
import type { profileUpdateSchema, UsersInfo } from '@ssaem/contracts/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const usersInfoKey = ['users', 'info'] as const;

/** The signed-in user, their school and their licence (GET /api/v1/users/info). */
export function useUsersInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: usersInfoKey,
    queryFn: ({ signal }) => apiRequest<UsersInfo>('/api/v1/users/info', { signal }),
    enabled,
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => apiRequest<UsersInfo>('/api/v1/users/info', { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersInfoKey }),
  });
}

/** The model connection (super administrators only; the server refuses everyone else). */
export function useAiConnection() {
  return useQuery({
    queryKey: ['admin', 'ai-connection'],
    queryFn: ({ signal }) => apiRequest<AiConnection>('/api/v1/admin/ai-connection', { signal }),
    staleTime: 60_000,
  });
}
