import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const CONTROL =
  'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 aria-[invalid=true]:ring-red-400';

export const controlClasses = CONTROL;

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  hintId: string;
  error?: string;
  errorId: string;
  children: ReactNode;
  className?: string;
}

/** Label above, control, then a hint and an error message that the control is described by. */
function FieldShell({ id, label, required, hint, hintId, error, errorId, children, className = '' }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <div id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

interface CommonProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export interface InputFieldProps extends CommonProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** Shown inside the box before the value, e.g. "@" for a handle. */
  prefix?: string;
}

export function InputField({ label, error, hint, className, required, prefix, ...props }: InputFieldProps) {
  const ids = useFieldIds(hint, error);
  const input = (
    <input
      id={ids.id}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      aria-required={required || undefined}
      className={`${CONTROL} ${prefix ? 'pl-8' : ''}`}
      {...props}
    />
  );
  return (
    <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
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

export interface SelectFieldProps extends CommonProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  options: readonly { value: string; label: string }[];
  /** The first, empty choice shown while nothing is chosen. */
  emptyLabel?: string;
}

export function SelectField({ label, error, hint, className, required, options, emptyLabel, ...props }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={`${CONTROL} appearance-auto`}
        {...props}
      >
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

export interface TextAreaFieldProps extends CommonProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {}

export function TextAreaField({ label, error, hint, className, required, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
      <textarea
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={`${CONTROL} min-h-28 resize-y`}
        {...props}
      />
    </FieldShell>
  );
}
