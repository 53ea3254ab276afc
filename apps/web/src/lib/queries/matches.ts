import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { HikeToJoin, BestMatchPage, MatchView, PastPartner } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { api } from '../api-client';

/**
 * Every match query key starts with 'matches', so one invalidation (a live `match.changed`
 * event, or any match mutation) refreshes all of them.
 */
export const matchKeys = {
  all: [CACHE_ROOTS.matches] as const,
  mine: () => [...matchKeys.all, 'mine'] as const,
  one: (matchId: string) => [...matchKeys.all, 'one', matchId] as const,
  partners: () => [...matchKeys.all, 'partners'] as const,
  feedbackPrompt: () => [...matchKeys.all, 'feedback-prompt'] as const,
  bestMatches: (trailId: string, day: WeekendDay, time?: string) => [...matchKeys.all, 'best', trailId, day, time ?? null] as const,
};

export const myMatchesQueryOptions = () =>
  queryOptions({
    queryKey: matchKeys.mine(),
    queryFn: async ({ signal }) => (await api.get<{ matches: MatchView[] }>('/api/matches/mine', { signal })).matches,
  });

export const useMyMatches = (enabled = true) => useQuery({ ...myMatchesQueryOptions(), enabled });

/** One of my matches, from the same cached list (so a live update refreshes it too). */
export function useMyMatch(matchId: string) {
  return useQuery({ ...myMatchesQueryOptions(), select: (list) => list.find((m) => m.id === matchId) ?? null });
}

/** One of my matches in any state, cancelled included (with why), so a view can follow what happened. */
export const useMatch = (matchId: string) =>
  useQuery({
    queryKey: matchKeys.one(matchId),
    queryFn: ({ signal }) => api.get<MatchView>(`/api/matches/${matchId}`, { signal }),
  });

export const usePartners = () =>
  useQuery({
    queryKey: matchKeys.partners(),
    queryFn: async ({ signal }) => (await api.get<{ partners: PastPartner[] }>('/api/matches/partners', { signal })).partners,
  });

export const useFeedbackPrompt = (enabled: boolean) =>
  useQuery({
    queryKey: matchKeys.feedbackPrompt(),
    queryFn: async ({ signal }) => (await api.get<{ match: MatchView | null }>('/api/matches/feedback-prompt', { signal })).match,
    enabled,
  });

/**
 * Best Matches page by page (ADR 0022): everyone searching the trail and day, then the
 * best-fitting others. `data` is the candidates loaded so far.
 */
const bestMatchesQuery = (trailId: string, day: WeekendDay, time?: string) => ({
  queryKey: matchKeys.bestMatches(trailId, day, time),
  queryFn: async ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => {
    const page = await api.get<BestMatchPage>(`/api/trails/${trailId}/best-matches`, {
      query: { day, time, cursor: pageParam ?? undefined },
      signal,
    });
    return { candidates: page.candidates, hikes: page.hikes ?? [], nextCursor: page.nextCursor ?? null };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor,
});

export const useBestMatches = (trailId: string, day: WeekendDay, time?: string) =>
  useInfiniteQuery({ ...bestMatchesQuery(trailId, day, time), select: (data) => data.pages.flatMap((page) => page.candidates) });

/** The slot's hikes with room to join (ADR 0054): the first page of Best Matches carries them. */
export const useHikesToJoin = (trailId: string, day: WeekendDay, time?: string) =>
  useInfiniteQuery({ ...bestMatchesQuery(trailId, day, time), select: (data): HikeToJoin[] => data.pages[0]?.hikes ?? [] });

export const userKeys = { profile: (id: string) => [CACHE_ROOTS.users, id] as const };

export const usePublicProfile = (userId: string) =>
  useQuery({
    queryKey: userKeys.profile(userId),
    queryFn: ({ signal }) => api.get<PublicProfile>(`/api/users/${userId}`, { signal }),
  });
