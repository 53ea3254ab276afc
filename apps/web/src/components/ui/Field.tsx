import { CircleAlert } from 'lucide-react';
import { useId, type ComponentPropsWithRef, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** The look of every text box and select: a ring that turns red when the control is marked invalid. */
export const controlClasses =
  'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:ring-red-400 aria-[invalid=true]:focus:ring-red-600';

/**
 * A field takes three rows: label, control, messages. In a grid the rows are the parent's own
 * (subgrid), so fields side by side keep their controls level even when one label wraps or has
 * a taller neighbour; outside a grid it simply stacks them. The spacing inside a field is padding
 * (no row gap), so a parent grid spaces its fields with margins and no row gap of its own: a row
 * gap would also open between a field's label and control.
 */
export const fieldLayoutClasses = 'row-span-3 grid grid-rows-subgrid content-start gap-y-0';

export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** The ids a control is described by: its hint and its error, each only while shown. */
export function useFieldIds(hint?: ReactNode, error?: string) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

/** A hint, then an error with an icon; each has the id its control points at with aria-describedby. */
export function FieldMessages({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string; errorId?: string }) {
  if (!hint && !error) return null;
  return (
    <div className="space-y-1 pt-1.5">
      {hint && (
        <div id={hintId} className="text-sm text-stone-500">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}

interface FieldShellProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}

function FieldShell({ ids, label, required, hint, error, className = '', children }: FieldShellProps) {
  return (
    <div className={`${fieldLayoutClasses} ${className}`}>
      <label htmlFor={ids.id} className="block self-end pb-1.5 text-sm font-medium text-stone-700">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldMessages hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** The ARIA every labelled control gets: invalid, required and what describes it. */
const controlAria = (ids: ReturnType<typeof useFieldIds>, error: string | undefined, required: boolean | undefined) => ({
  id: ids.id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': ids.describedBy,
  'aria-required': required || undefined,
});

interface CommonProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Marks the field with a red asterisk and aria-required; the form does its own checking. */
  required?: boolean;
  className?: string;
}

/** With its ref, so a form library can register the input (and focus it when it is invalid). */
export interface InputFieldProps extends CommonProps, Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'required' | 'prefix'> {
  /** Shown inside the box before the value, e.g. "@" for a handle. */
  prefix?: string;
}

export function InputField({ label, error, hint, required, className, prefix, ...props }: InputFieldProps) {
  const ids = useFieldIds(hint, error);
  const input = <input {...controlAria(ids, error, required)} className={`${controlClasses} ${prefix ? 'pl-8' : ''}`} {...props} />;
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      {prefix ? (
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-500" aria-hidden="true">
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

export interface TextAreaFieldProps
  extends CommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'required'> {}

export function TextAreaField({ label, error, hint, required, className, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea {...controlAria(ids, error, required)} className={`${controlClasses} min-h-28 resize-y`} {...props} />
    </FieldShell>
  );
}

export interface SelectFieldProps extends CommonProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'required'> {
  options: readonly { value: string; label: string }[];
  /** The first, empty choice shown while nothing is chosen. */
  emptyLabel?: string;
}

export function SelectField({ label, error, hint, required, className, options, emptyLabel, ...props }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell ids={ids} label={label} required={required} hint={hint} error={error} className={className}>
      <select {...controlAria(ids, error, required)} className={`${controlClasses} appearance-auto`} {...props}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export interface ChoiceFieldProps<T extends string> extends Omit<CommonProps, 'hint'> {
  /** The radio buttons' shared name. */
  name: string;
  options: readonly { value: T; label: string }[];
  value: T | '';
  onChange: (value: T) => void;
}

/**
 * A single choice shown as pill-shaped radio buttons (arrow keys move between them), laid out
 * like the other fields: its name on the label row, the pills on the control row.
 */
export function ChoiceField<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
  error,
  required,
  className = '',
}: ChoiceFieldProps<T>) {
  const ids = useFieldIds(undefined, error);
  const labelId = `${ids.id}-label`;
  return (
    // A group, as a fieldset would be, but one whose name can sit on the label row of a subgrid
    // (a legend cannot); required shows as the asterisk, as on a fieldset's legend.
    <div role="group" aria-labelledby={labelId} aria-describedby={ids.describedBy} className={`${fieldLayoutClasses} ${className}`}>
      <span id={labelId} className="block self-end pb-1.5 text-sm font-medium text-stone-700">
        {label}
        {required && <RequiredMark />}
      </span>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`inline-flex cursor-pointer items-center rounded-full bg-white px-3.5 py-2 text-sm font-medium text-stone-800 ring-1 transition-colors ring-inset has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
              error ? 'ring-red-400' : 'ring-stone-300'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessages error={error} errorId={ids.errorId} />
    </div>
  );
}
