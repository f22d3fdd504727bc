import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object, string } from 'yup';
import { BRAZIL_STATES, brazilStateSchema, isBrazilState } from '@driver-portal/shared/validation';
import { SelectField } from '.';

const BRAZIL_STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

describe('BRAZIL_STATES', () => {
  it('lists the 27 state codes once each', () => {
    expect(BRAZIL_STATES).toHaveLength(27);
    expect(new Set(BRAZIL_STATES).size).toBe(27);
    for (const uf of BRAZIL_STATES) expect(uf).toMatch(/^[A-Z]{2}$/);
    expect(BRAZIL_STATES).toEqual(expect.arrayContaining(['SP', 'RJ', 'MG', 'DF', 'TO']));
  });

  it('tells a state code from anything else', () => {
    expect(isBrazilState('SP')).toBe(true);
    expect(isBrazilState('sp')).toBe(false);
    expect(isBrazilState('XX')).toBe(false);
    expect(isBrazilState(undefined)).toBe(false);
  });

  it('brazilStateSchema accepts a state code or nothing, and refuses anything else', () => {
    expect(brazilStateSchema().isValidSync('RJ')).toBe(true);
    expect(brazilStateSchema().isValidSync('')).toBe(true);
    expect(brazilStateSchema().isValidSync('XX')).toBe(false);
  });
});

describe('SelectField', () => {
  function renderSelect(onSubmit = jest.fn()) {
    const user = userEvent.setup();
    render(
      <Formik
        initialValues={{ state: '' }}
        validationSchema={object({ state: string().required('Campo obrigatório') })}
        onSubmit={onSubmit}
      >
        <Form>
          <SelectField name="state" label="Estado" placeholder="Selecione" options={BRAZIL_STATE_OPTIONS} hint="A sigla do estado" />
          <button type="submit">Enviar</button>
        </Form>
      </Formik>,
    );
    return { user, onSubmit };
  }

  it('is labelled, starts on the placeholder and lists every option', () => {
    renderSelect();
    const select = screen.getByLabelText('Estado');
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(28);
    expect(screen.getByRole('option', { name: 'Selecione' })).toHaveValue('');
    expect(select).toHaveAccessibleDescription('A sigla do estado');
  });

  it('ties its error to the select once touched, and submits the chosen value', async () => {
    const { user, onSubmit } = renderSelect();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    const select = screen.getByLabelText('Estado');
    await waitFor(() => expect(select).toHaveAccessibleDescription('A sigla do estado Campo obrigatório'));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obrigatório');
    await user.selectOptions(select, 'RJ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ state: 'RJ' }, expect.anything()));
    expect(select).not.toHaveAttribute('aria-invalid');
  });
});
