import type { QueryClient } from '@tanstack/react-query';
import { matchKeys } from '../../../lib/queries/matches';

/**
 * Every match mutation changes what some match query shows (my list, Best Matches, the feedback
 * prompt), so all of them are refreshed. Awaited, so a view navigated to next reads fresh data.
 */
export function invalidateMatches(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: matchKeys.all });
}
