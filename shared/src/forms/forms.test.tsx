import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, Form } from 'formik';
import { object } from 'yup';
import { setSessionValue } from '@driver-portal/shared/session';
import { savedDraft } from '@driver-portal/shared/test-utils';
import { cpfSchema } from '@driver-portal/shared/validation';
import { clearDraft, DRAFT_TEXTS, FormDraft, FormField, loadDraft, type MaskName } from '.';

/** A form whose saved data is `saved` (empty by default); a successful submit clears its draft. */
function DraftForm({ saved = { nome: '', cpf: '', senha: '' } }: { saved?: { nome: string; cpf: string; senha: string } }) {
  return (
    <Formik initialValues={loadDraft('teste', saved)} validationSchema={object({ cpf: cpfSchema() })} onSubmit={() => clearDraft('teste')}>
      <Form>
        <FormDraft storageKey="teste" />
        <FormField name="nome" label="Nome" />
        <FormField name="cpf" label="CPF" mask="cpf" />
        <FormField name="senha" label="Senha" type="password" />
        <button type="submit">Salvar</button>
      </Form>
    </Formik>
  );
}

const FIELDS: Array<[MaskName, string]> = [
  ['cpf', 'CPF'],
  ['cnpj', 'CNPJ'],
  ['cep', 'CEP'],
  ['cardCep', 'CEP do cartão'],
  ['mobile', 'Celular'],
  ['code', 'Código'],
  ['date', 'Data'],
];

/** Every mask in one form, plus an unmasked e-mail normalized on blur; submits what Formik holds. */
function MaskedForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  const initialValues = Object.fromEntries([...FIELDS.map(([name]) => [name, '']), ['email', '']]);
  return (
    <Formik initialValues={initialValues} onSubmit={(values) => onSubmit(values)}>
      <Form>
        {FIELDS.map(([name, label]) => (
          <FormField key={name} name={name} label={label} mask={name} autoComplete={name === 'code' ? 'one-time-code' : undefined} />
        ))}
        <FormField name="email" label="E-mail" type="email" normalizeOnBlur={(value) => value.trim().toLowerCase()} />
        <button type="submit">Enviar</button>
      </Form>
    </Formik>
  );
}

function renderMaskedForm() {
  const onSubmit = jest.fn<void, [Record<string, string>]>();
  const user = userEvent.setup();
  render(<MaskedForm onSubmit={onSubmit} />);
  const submitted = async () => {
    onSubmit.mockClear();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    return onSubmit.mock.calls[0]?.[0];
  };
  return { user, submitted };
}

/** What browser autofill does: the value set natively and `input` fired, the field never focused. */
function autofill(input: HTMLElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    fireEvent.input(input);
    fireEvent.change(input);
  });
}

describe('form fields and drafts', () => {
  it('masks the CPF and ties the error to its input', async () => {
    const user = userEvent.setup();
    render(<DraftForm />);
    const cpf = screen.getByLabelText('CPF');
    await user.type(cpf, '52998224724');
    expect(cpf).toHaveValue('529.982.247-24');
    await user.tab();
    expect(await screen.findByText('CPF invalido')).toBeInTheDocument();
    expect(cpf).toHaveAttribute('aria-invalid', 'true');
    expect(cpf).toHaveAccessibleDescription('CPF invalido');
  });

  it('keeps what was typed across a reload, never the password', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<DraftForm />);
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await waitFor(() => expect(savedDraft('teste')).toContain('529.982.247-25'));
    expect(savedDraft('teste')).toContain('Maria');
    expect(savedDraft('teste')).not.toContain('segredo1');
    unmount();

    render(<DraftForm />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Senha')).toHaveValue('');
  });
});

describe('drafts on a shared phone', () => {
  it("one driver's draft is never read for another, even when nothing cleared it", async () => {
    const user = userEvent.setup();
    setSessionValue('driverId', 'driver-a');
    const { unmount } = render(<DraftForm />);
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await waitFor(() => expect(savedDraft('teste')).toContain('Maria'));
    unmount();

    setSessionValue('driverId', 'driver-b');
    const second = render(<DraftForm />);
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    second.unmount();

    setSessionValue('driverId', 'driver-a');
    render(<DraftForm />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria');
  });
});

describe('drafts written when the page is left', () => {
  it('a reload right after a key (before the 250 ms save) keeps it: the draft is written on pagehide', () => {
    render(<DraftForm />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Maria' } });
    expect(savedDraft('teste')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(savedDraft('teste')).toContain('Maria');
  });

  it('leaving the form (a tap on back) right after a key keeps it; a form that saved and cleared its draft does not get it back', async () => {
    const { unmount } = render(<DraftForm />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    unmount();
    expect(savedDraft('teste')).toContain('Joana');
    clearDraft('teste');

    const user = userEvent.setup();
    const second = render(<DraftForm />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    second.unmount();
    expect(savedDraft('teste')).toBeNull();
  });

  it('a success that clears the draft within the 250 ms wins: the pending save never writes it back while the form stays open', async () => {
    const user = userEvent.setup();
    render(<DraftForm />);
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    // A last change (what a blur's normalization does) and the submit, well within the 250 ms.
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(savedDraft('teste')).toBeNull());
    // The form is still on screen (a slow phone, the next screen not yet there) when the timer ends.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByLabelText('Nome')).toHaveValue('Joana');
    expect(savedDraft('teste')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(savedDraft('teste')).toBeNull();
  });

  it('the native app sending the webview to the background writes it too', () => {
    render(<DraftForm />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(savedDraft('teste')).toContain('Joana');
  });
});

describe('a restored draft is never mistaken for saved data', () => {
  it('says so at the top of the form, and Descartar goes back to the saved data', async () => {
    const user = userEvent.setup();
    const saved = { nome: 'Maria Salva', cpf: '', senha: '' };
    const first = render(<DraftForm saved={saved} />);
    expect(screen.queryByText(DRAFT_TEXTS.restored)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nome'));
    await user.type(screen.getByLabelText('Nome'), 'Nome Abandonado');
    first.unmount();

    render(<DraftForm saved={saved} />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Nome Abandonado');
    expect(screen.getByRole('status')).toHaveTextContent(DRAFT_TEXTS.restored);
    await user.click(screen.getByRole('button', { name: DRAFT_TEXTS.discard }));
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria Salva');
    expect(screen.queryByText(DRAFT_TEXTS.restored)).not.toBeInTheDocument();
    expect(savedDraft('teste') ?? '').not.toContain('Nome Abandonado');
  });

  it('a draft equal to the saved data is no notice', () => {
    const saved = { nome: 'Maria', cpf: '', senha: '' };
    const first = render(<DraftForm saved={saved} />);
    first.unmount();
    render(<DraftForm saved={saved} />);
    expect(screen.queryByText(DRAFT_TEXTS.restored)).not.toBeInTheDocument();
  });
});

describe('masked fields', () => {
  it('formats what is typed in every mask and submits the formatted value', async () => {
    const { user, submitted } = renderMaskedForm();
    // Letters in a digit mask and keys past the end are ignored; CNPJ letters come out upper case.
    const typed: Record<MaskName, [string, string]> = {
      cpf: ['529a98224725999', '529.982.247-25'],
      cnpj: ['12abc34501de35', '12.ABC.345/01DE-35'],
      cep: ['01310100', '01310-100'],
      cardCep: ['01310100', '01.310-100'],
      mobile: ['11987654321', '(11) 9.8765.4321'],
      code: ['123x4567', '123456'],
      date: ['25121990', '25/12/1990'],
    };
    for (const [name, label] of FIELDS) {
      const [keys, shown] = typed[name];
      await user.type(screen.getByLabelText(label), keys);
      expect(screen.getByLabelText(label)).toHaveValue(shown);
    }
    expect(await submitted()).toEqual({ ...Object.fromEntries(FIELDS.map(([name]) => [name, typed[name][1]])), email: '' });
  });

  it('formats a pasted value, formatted or not, replacing what was there', async () => {
    const { user, submitted } = renderMaskedForm();
    const cpf = screen.getByLabelText('CPF');
    await user.click(cpf);
    await user.paste('52998224725');
    expect(cpf).toHaveValue('529.982.247-25');
    await user.tripleClick(cpf);
    await user.paste('390.533.447-05');
    expect(cpf).toHaveValue('390.533.447-05');

    await user.click(screen.getByLabelText('Celular'));
    await user.paste('(11) 98765-4321');
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
    await user.click(screen.getByLabelText('Data'));
    await user.paste('25/12/1990');
    expect(screen.getByLabelText('Data')).toHaveValue('25/12/1990');
    expect(await submitted()).toMatchObject({ cpf: '390.533.447-05', mobile: '(11) 9.8765.4321', date: '25/12/1990' });
  });

  it('refuses a paste with more digits than the mask holds, saying so, instead of keeping its first digits (issue 25)', async () => {
    const { user, submitted } = renderMaskedForm();
    const mobile = screen.getByLabelText('Celular');
    await user.click(mobile);
    // 12 digits: the mask would keep (21) 9.8765.4321, another driver's valid-looking number.
    await user.paste('219876543210');
    expect(mobile).toHaveValue('');
    expect(mobile).toHaveAccessibleDescription('O texto colado tem 12 dígitos e este campo aceita 11: confira e digite ou cole de novo.');
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    // The next edit clears the message; a number that fits (the country code aside) is taken.
    await user.paste('+55 21 98765-4321');
    expect(mobile).toHaveValue('(21) 9.8765.4321');
    expect(mobile).not.toHaveAccessibleDescription(/colado/);

    const cpf = screen.getByLabelText('CPF');
    await user.click(cpf);
    await user.paste('529.982.247-250');
    expect(cpf).toHaveValue('');
    expect(cpf).toHaveAccessibleDescription('O texto colado tem 12 dígitos e este campo aceita 11: confira e digite ou cole de novo.');
    const cnpj = screen.getByLabelText('CNPJ');
    await user.click(cnpj);
    await user.paste('12.ABC.345/01DE-356');
    expect(cnpj).toHaveAccessibleDescription('O texto colado tem 15 caracteres e este campo aceita 14: confira e digite ou cole de novo.');
    // A pasted SMS: the code is its first six digits (the code field's exception).
    const code = screen.getByLabelText('Código');
    await user.click(code);
    await user.paste('Seu código é 123456, válido por 10 minutos');
    expect(code).toHaveValue('123456');
    expect(await submitted()).toMatchObject({ mobile: '(21) 9.8765.4321', cpf: '', code: '123456' });
  });

  it('drops the country code of an international mobile number instead of shifting it into the area code', async () => {
    const { user, submitted } = renderMaskedForm();
    const mobile = screen.getByLabelText('Celular');
    await user.click(mobile);
    await user.paste('+55 11 98765-4321');
    expect(mobile).toHaveValue('(11) 9.8765.4321');
    await user.tab();
    autofill(mobile, '5521987654321');
    expect(mobile).toHaveValue('(21) 9.8765.4321');
    expect(await submitted()).toMatchObject({ mobile: '(21) 9.8765.4321' });
  });

  it('formats a value autofilled into fields that never had focus, and Formik holds it', async () => {
    const { submitted } = renderMaskedForm();
    const cpf = screen.getByLabelText('CPF');
    const cep = screen.getByLabelText('CEP');
    const code = screen.getByLabelText('Código');
    autofill(cpf, '52998224725');
    autofill(cep, '01310100');
    autofill(code, '654321');
    expect(cpf).not.toHaveFocus();
    expect(cpf).toHaveValue('529.982.247-25');
    expect(cep).toHaveValue('01310-100');
    expect(code).toHaveValue('654321');
    expect(await submitted()).toMatchObject({ cpf: '529.982.247-25', cep: '01310-100', code: '654321' });
  });

  it('opens the right keyboard and passes one-time-code autofill through to the code field', () => {
    renderMaskedForm();
    for (const [name, label] of FIELDS) {
      expect(screen.getByLabelText(label)).toHaveAttribute('inputmode', name === 'cnpj' ? 'text' : 'numeric');
    }
    expect(screen.getByLabelText('Código')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('inputmode');
  });

  it('normalizes an unmasked field on blur, and Backspace removes digits with their punctuation', async () => {
    const { user, submitted } = renderMaskedForm();
    await user.type(screen.getByLabelText('E-mail'), '  Maria@Exemplo.COM ');
    await user.tab();
    expect(screen.getByLabelText('E-mail')).toHaveValue('maria@exemplo.com');

    const date = screen.getByLabelText<HTMLInputElement>('Data');
    await user.type(date, '251219');
    expect(date).toHaveValue('25/12/19');
    for (const shown of ['25/12/1', '25/12', '25/1']) {
      await user.keyboard('{Backspace}');
      expect([date.value, date.selectionStart]).toEqual([shown, shown.length]);
    }
    expect(await submitted()).toMatchObject({ email: 'maria@exemplo.com', date: '25/1' });
  });
});
