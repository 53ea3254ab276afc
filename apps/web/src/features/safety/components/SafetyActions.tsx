import { Ban, Flag, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/Button';
import { useBlockedPeople, useUnblock } from '../api/safety';
import { BlockDialog } from './BlockDialog';
import { ReportDialog, type ReportTarget } from './ReportDialog';

/**
 * Block and Report for one person, composed by app/ into the profile dialog, the match card and
 * the conversation (features do not import each other). `matchId` / `messageId` give a report its context.
 */
export default function SafetyActions({
  person,
  matchId,
  messageId,
  compact = false,
  onBlocked,
}: ReportTarget & { compact?: boolean; onBlocked?: () => void }) {
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const classes = buttonClasses('ghost', compact ? 'px-2 py-1 text-xs' : 'px-3');
  // Whom I blocked, one list for every card: a block shows on the person's card at once, with
  // the way back (issue 23), as the block's own answer refreshes the list.
  const blocked = useBlockedPeople().data?.find((p) => p.userId === person.id);
  const unblock = useUnblock();
  const shownBlocked = blocked !== undefined && !messageId;
  // The card names a blocked person "Eva (no longer available)" (ADR 0038); my own list of whom I
  // blocked has their name, so I read whom I blocked and whom I would unblock.
  const blockedName = blocked?.name ?? person.name;
  return (
    <div className={`flex flex-wrap gap-1 ${shownBlocked ? 'items-center' : ''}`}>
      {shownBlocked ? (
        <>
          <span
            role="status"
            className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200"
          >
            <Ban className="size-3.5" aria-hidden="true" />
            You blocked {blockedName}
          </span>
          <button type="button" className={classes} disabled={unblock.isPending} onClick={() => unblock.mutate(person.id)}>
            <Undo2 className="size-4" aria-hidden="true" />
            Unblock {blockedName}
          </button>
        </>
      ) : (
        <>
          <button type="button" className={classes} onClick={() => setOpen('report')}>
            <Flag className="size-4" aria-hidden="true" />
            {messageId ? 'Report message' : `Report ${person.name}`}
          </button>
          {!messageId && (
            <button type="button" className={classes} onClick={() => setOpen('block')}>
              <Ban className="size-4" aria-hidden="true" />
              Block {person.name}
            </button>
          )}
        </>
      )}
      {/* Kept while it closes after the block: the list refreshes first, and the dialog's own
          answer (which closes a profile dialog around it) must still reach it. */}
      {open === 'block' && <BlockDialog person={person} matchId={matchId} onClose={() => setOpen(null)} onBlocked={onBlocked} />}
      {open === 'report' && <ReportDialog target={{ person, matchId, messageId }} onClose={() => setOpen(null)} />}
    </div>
  );
}
