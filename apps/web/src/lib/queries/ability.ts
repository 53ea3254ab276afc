import { useQuery } from '@tanstack/react-query';
import type { MyAbility } from '@trailbuddy/shared/contracts/ability-import';
import { api } from '../api-client';
import { useMe } from './me';

/** The query key of the member's measured ability; imports and deletions invalidate it. */
export const abilityKey = ['me', 'ability'] as const;

/**
 * The signed-in member's measured ability and the services they may connect (ADR 0056): the one
 * query the ability section and the trail page's fit check share. Asked only once someone is
 * known to be signed in: a visitor's page sends no request for it.
 */
export function useMyAbility() {
  const signedIn = Boolean(useMe().data);
  return useQuery({ queryKey: abilityKey, queryFn: () => api.get<MyAbility>('/api/me/ability'), enabled: signedIn });
}
