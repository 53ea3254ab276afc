// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceField, InputField, SelectField, TextAreaField } from './Field';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('labelled fields', () => {
  it('label the control, mark it required, and describe it by its hint and then its error', () => {
    const { rerender } = render(<InputField label="Location" required hint="City, Country" />);
    const input = screen.getByLabelText(/^Location/);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['City, Country']);

    rerender(<InputField label="Location" required hint="City, Country" error="Enter the location as City, Country." />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['City, Country', 'Enter the location as City, Country.']);

    rerender(<InputField label="Location" />);
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-required')).toBeNull();
  });

  it('gives each field its own ids, so two fields never describe each other', () => {
    render(
      <>
        <InputField label="Name" error="Enter the trail name." />
        <InputField label="Length" error="Enter the length." />
      </>,
    );
    expect(describedBy(screen.getByLabelText('Name'))).toEqual(['Enter the trail name.']);
    expect(describedBy(screen.getByLabelText('Length'))).toEqual(['Enter the length.']);
  });

  it('wire a textarea and a select the same way, with the select’s empty choice first', () => {
    render(
      <>
        <TextAreaField label="Bio" hint="10 to 500 characters." error="Too short." />
        <SelectField label="Gender" emptyLabel="Select…" options={[{ value: 'Female', label: 'Female' }]} error="Required." />
      </>,
    );
    expect(describedBy(screen.getByLabelText('Bio'))).toEqual(['10 to 500 characters.', 'Too short.']);
    const select = screen.getByLabelText('Gender') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['Select…', 'Female']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(select)).toEqual(['Required.']);
  });

  it('shows a prefix inside the input without it becoming part of the label', () => {
    render(<InputField label="Instagram handle" prefix="@" />);
    expect(screen.getByLabelText('Instagram handle').className).toContain('pl-8');
  });

  it('lay every field out as label, control and messages rows, so fields side by side keep their controls level', () => {
    render(
      <div className="grid grid-cols-2">
        <InputField label="Name" />
        <ChoiceField name="day" label="Day" options={[{ value: 'saturday', label: 'Saturday' }]} value="" onChange={() => {}} />
      </div>,
    );
    for (const field of [screen.getByLabelText('Name').parentElement!, screen.getByRole('group', { name: 'Day' })]) {
      expect(field.className).toContain('grid-rows-subgrid');
      expect(field.className).toContain('row-span-3');
    }
  });
});

function DayChoice({ error }: { error?: string }) {
  const [value, setValue] = useState<'saturday' | 'sunday' | ''>('');
  return (
    <ChoiceField
      name="weekendDay"
      label="Day"
      required
      error={error}
      options={[
        { value: 'saturday', label: 'Saturday' },
        { value: 'sunday', label: 'Sunday' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}

describe('ChoiceField', () => {
  it('is a named group of radios described by its error, each radio marked invalid', () => {
    render(<DayChoice error="Choose a day." />);
    const group = screen.getByRole('group', { name: /^Day/ });
    expect(describedBy(group)).toEqual(['Choose a day.']);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-invalid'))).toEqual(['true', 'true']);
  });

  it('chooses one option at a time', () => {
    render(<DayChoice />);
    fireEvent.click(screen.getByLabelText('Sunday'));
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Saturday'));
    expect((screen.getByLabelText('Sunday') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Saturday') as HTMLInputElement).checked).toBe(true);
  });
});
