import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { useMyAbility } from '../../../lib/queries/ability';

/**
 * The signed-in member's measured-ability summaries (issue 24) for the trail page's fit check:
 * GET /api/me/ability's `abilities`, through the query the ability section uses too; none for a
 * visitor (no request is made) or while it loads.
 */
export function useMeasuredAbility(): MeasuredAbility[] {
  return useMyAbility().data?.abilities ?? [];
}
