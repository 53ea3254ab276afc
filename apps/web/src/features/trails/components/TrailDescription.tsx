import { useId, useState } from 'react';

/** product §9: the description collapses to 3 lines, and Read More appears above 200 characters. */
export const COLLAPSE_ABOVE_CHARS = 200;

export function TrailDescription({ text }: { text: string }) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const collapsible = text.length > COLLAPSE_ABOVE_CHARS;
  const collapsed = collapsible && !expanded;

  return (
    <div>
      <p id={id} className={`leading-relaxed whitespace-pre-line text-stone-700 ${collapsed ? 'line-clamp-3' : ''}`}>
        {text}
      </p>
      {collapsible && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="mt-2 rounded-full text-sm font-semibold text-brand-700 hover:underline"
        >
          {expanded ? 'Read Less' : 'Read More'}
        </button>
      )}
    </div>
  );
}
