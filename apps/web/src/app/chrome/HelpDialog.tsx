import { CalendarDays, Handshake, Mountain, Users } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';

const STEPS = [
  {
    icon: Mountain,
    title: 'Pick a trail',
    text: 'Browse this weekend’s hiking, running and biking trails and filter by activity or place.',
  },
  { icon: CalendarDays, title: 'Choose your day', text: 'Go on Saturday or Sunday: every trail runs on both days of the weekend.' },
  { icon: Users, title: 'Get matched', text: 'We pair you with a buddy whose skills, pace and style fit yours.' },
  { icon: Handshake, title: 'Hit the trail', text: 'Meet up, enjoy the outing, then tell us how it went.' },
] as const;

/** A short guide to the app, opened from the header's help button. Default export for React.lazy. */
export default function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="How TrailBuddy works" description="Four steps from the sofa to the trail." onClose={onClose}>
      <ol className="space-y-4">
        {STEPS.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <p className="font-semibold text-stone-900">
                <span className="sr-only">Step {index + 1}: </span>
                {title}
              </p>
              <p className="text-sm text-stone-600">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Button className="mt-6 w-full" onClick={onClose}>
        Got it
      </Button>
    </Dialog>
  );
}
