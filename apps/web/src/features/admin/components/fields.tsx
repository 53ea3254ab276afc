import { CircleAlert } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { TrailFormField } from '../utils/trail-form';

const CONTROL =
  'block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 ring-1 ring-inset focus:ring-2 focus:outline-none';

export function controlClasses(invalid: boolean): string {
  return `${CONTROL} ${invalid ? 'ring-red-400 focus:ring-red-600' : 'ring-stone-300 focus:ring-brand-600'}`;
}

/** Ids are derived from the field name: the form has one field per name. */
export const fieldId = (name: TrailFormField) => `trail-${name}`;
const hintId = (name: TrailFormField) => `trail-${name}-hint`;
const errorId = (name: TrailFormField) => `trail-${name}-error`;

function describedBy(name: TrailFormField, hint?: ReactNode, error?: string): string | undefined {
  const ids = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function FieldError({ name, error }: { name: TrailFormField; error?: string }) {
  if (!error) return null;
  return (
    <p id={errorId(name)} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {error}
    </p>
  );
}

export function FieldHint({ name, hint }: { name: TrailFormField; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={hintId(name)} className="mt-1.5 text-sm text-stone-500">
      {hint}
    </p>
  );
}

interface FieldBase {
  name: TrailFormField;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** The label, hint and error around one control; the control gets its id and ARIA from `controlProps`. */
function LabelledField({
  name,
  label,
  hint,
  error,
  required,
  className,
  children,
}: FieldBase & { className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={fieldId(name)} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      <FieldHint name={name} hint={hint} />
      <FieldError name={name} error={error} />
    </div>
  );
}

const controlProps = ({ name, hint, error, required }: FieldBase) => ({
  id: fieldId(name),
  name,
  'aria-required': required || undefined,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(name, hint, error),
});

export function InputField({
  name,
  label,
  error,
  hint,
  required,
  className = '',
  ...props
}: FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id' | 'required'>) {
  const field = { name, label, error, hint, required };
  return (
    <LabelledField {...field} className={className}>
      <input {...controlProps(field)} className={controlClasses(Boolean(error))} {...props} />
    </LabelledField>
  );
}

export function TextAreaField({
  name,
  label,
  error,
  hint,
  required,
  className = '',
  ...props
}: FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id' | 'required'>) {
  const field = { name, label, error, hint, required };
  return (
    <LabelledField {...field} className={className}>
      <textarea {...controlProps(field)} className={`${controlClasses(Boolean(error))} min-h-28 resize-y`} {...props} />
    </LabelledField>
  );
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

/** A required single choice shown as pill-shaped radio buttons (arrow keys move between them). */
export function ChoiceField<T extends string>({
  name,
  label,
  options,
  value,
  onChange,
  error,
  required,
  className = '',
}: Omit<FieldBase, 'hint'> & { options: readonly ChoiceOption<T>[]; value: T | ''; onChange: (value: T) => void }) {
  return (
    <fieldset className={className} aria-describedby={error ? errorId(name) : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
        {required && <RequiredMark />}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`inline-flex cursor-pointer items-center rounded-full px-3.5 py-2 text-sm font-medium ring-1 transition-colors ring-inset has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
              error ? 'bg-white text-stone-800 ring-red-400' : 'bg-white text-stone-800 ring-stone-300'
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
      <FieldError name={name} error={error} />
    </fieldset>
  );
}
