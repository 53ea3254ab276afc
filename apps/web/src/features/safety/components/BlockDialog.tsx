import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { errorMessage } from '../../../lib/error-message';
import { useBlock } from '../api/safety';

/** Confirms a block; the other person is not told. */
export function BlockDialog({
  person,
  matchId,
  onClose,
  onBlocked,
}: {
  person: { id: string; name: string };
  /** The hike the block is made from: the server checks that both are on it. */
  matchId?: string;
  onClose: () => void;
  onBlocked?: () => void;
}) {
  const block = useBlock();
  return (
    <Dialog
      title={`Block ${person.name}?`}
      description="You will not see each other in Best Matches, and neither of you can send requests, invitations or messages to the other. Anything open between you is cancelled. They are not told."
      onClose={onClose}
    >
      <div className="space-y-4">
        {block.error && <Alert tone="error">{errorMessage(block.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={block.isPending}>
            Keep
          </Button>
          <Button
            onClick={() =>
              block.mutate(
                { userId: person.id, matchId },
                {
                  onSuccess: () => {
                    onClose();
                    onBlocked?.();
                  },
                },
              )
            }
            disabled={block.isPending}
          >
            {block.isPending ? 'Blocking…' : 'Block'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
