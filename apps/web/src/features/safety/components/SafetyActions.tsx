import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '../../../components/ui/Button';
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
  return (
    <div className="flex flex-wrap gap-1">
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
      {open === 'block' && <BlockDialog person={person} onClose={() => setOpen(null)} onBlocked={onBlocked} />}
      {open === 'report' && <ReportDialog target={{ person, matchId, messageId }} onClose={() => setOpen(null)} />}
    </div>
  );
}
