import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { Trash2 } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteTrail } from '../api/delete-trail';

export interface DeleteTrailDialogProps {
  trail: Pick<Trail, 'id' | 'name'>;
  onClose: () => void;
  onDeleted: (trail: Pick<Trail, 'id' | 'name'>) => void;
}

/** product §5: deleting a trail asks for confirmation first. */
export function DeleteTrailDialog({ trail, onClose, onDeleted }: DeleteTrailDialogProps) {
  const deleteTrail = useDeleteTrail();

  function confirm() {
    deleteTrail.mutate(trail.id, { onSuccess: () => onDeleted(trail) });
  }

  const error = deleteTrail.error;
  return (
    <Dialog
      title={`Delete ${trail.name}?`}
      description="It disappears from the app for everyone. This cannot be undone."
      onClose={() => {
        if (!deleteTrail.isPending) onClose();
      }}
      historyEntry="delete-trail"
    >
      {error && (
        <div className="mb-4">
          <Alert tone="error">{errorMessage(error)}</Alert>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* The safe answer has the focus, so Enter does not delete by accident. */}
        <Button variant="secondary" onClick={onClose} disabled={deleteTrail.isPending} data-autofocus>
          Cancel
        </Button>
        <button
          type="button"
          onClick={confirm}
          disabled={deleteTrail.isPending}
          className="inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-red-700/60"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {deleteTrail.isPending ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
