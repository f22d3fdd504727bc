import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, FieldFrame } from '@driver-portal/shared/ui';
import { monthTitle } from './rides';

/** Our text (docs/product-rules.md, "Validation and masks"): the placeholder cannot be submitted. */
export const MONTH_REQUIRED = 'Selecione um mês';
export const MONTH_PLACEHOLDER = 'Selecione o mês';

export interface MonthFilterProps {
  /** The statement's `Periodos` (DD/MM/YYYY strings), offered as month names. */
  periods: string[];
  /** The month shown now (its `Periodos` string, '' for the current month): when it changes, the select returns to its placeholder. */
  selected: string;
  onSubmit: (period: string) => void;
}

/**
 * The month filter (docs/product-rules.md, "Self-service"): a labelled select of the available periods with a
 * placeholder, and a submit. Submitting the placeholder shows an error tied to the select.
 *
 * Decision: the select is for choosing the next month to see, so it shows its placeholder "Selecione o mês" whenever a
 * month is shown (the first load, a month chosen, browser back/forward, a reload of a chosen month); the month shown is
 * named by the heading above the rides. The driver's pick stays until the shown month changes.
 */
export function MonthFilter({ periods, selected, onSubmit }: MonthFilterProps) {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const [shown, setShown] = useState(selected);
  if (shown !== selected) {
    setShown(selected);
    setValue('');
    setError(false);
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value === '') {
      setError(true);
      select.current?.focus();
      return;
    }
    onSubmit(value);
  };

  return (
    <form className="month-filter" noValidate onSubmit={submit} aria-label="Filtrar por mês">
      <FieldFrame id={id} label="Mês" error={error ? MONTH_REQUIRED : undefined}>
        {(aria) => (
          <select
            id={id}
            ref={select}
            name="data"
            value={value}
            {...aria}
            onChange={(event) => {
              setValue(event.target.value);
              if (event.target.value !== '') setError(false);
            }}
          >
            <option value="">{MONTH_PLACEHOLDER}</option>
            {periods.map((period) => (
              <option key={period} value={period}>
                {monthTitle(period)}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <Button type="submit">Filtrar</Button>
    </form>
  );
}
