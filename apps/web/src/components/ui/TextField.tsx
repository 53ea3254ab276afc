import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
}

/** A labelled input; the label is always visible (not a hint inside the box that vanishes). */
export function TextField({ label, className = '', ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={id}
        className="block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-base text-stone-900 ring-1 ring-stone-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none"
        {...props}
      />
    </div>
  );
}
