import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object } from 'yup';
import { passwordSchema, TEXT_LIMITS, TEXT_MESSAGES, textSchema, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
import { FormField, PasswordField } from '.';

/**
 * Issue 44, kind 4: what a driver types or pastes is held and submitted in Unicode NFC, without
 * rewriting what an input method is composing (docs/decisions/0019-text-in-nfc.md).
 */

/** "João Conceição" as iOS or a PDF copies it: each accent a combining mark after its letter. */
const NFD_NAME = 'Joa\u0303o Conceic\u0327a\u0303o';
const NFC_NAME = 'Jo\u00e3o Concei\u00e7\u00e3o';

interface Values {
  name: string;
  password: string;
}

function NameForm({ onSubmit, initialName = '' }: { onSubmit: (values: Values) => void; initialName?: string }) {
  return (
    <Formik<Values>
      initialValues={{ name: initialName, password: '' }}
      validationSchema={object({ name: textSchema(TEXT_LIMITS.name).required(VALIDATION_MESSAGES.required), password: passwordSchema() })}
      onSubmit={(values) => onSubmit(values)}
    >
      <Form noValidate>
        <FormField name="name" label="Nome completo" />
        <PasswordField name="password" label="Senha" kind="new" />
        <button type="submit">Enviar</button>
      </Form>
    </Formik>
  );
}

function renderForm(initialName?: string) {
  const onSubmit = jest.fn<void, [Values]>();
  const user = userEvent.setup();
  render(<NameForm onSubmit={onSubmit} initialName={initialName} />);
  return { user, onSubmit, name: screen.getByLabelText<HTMLInputElement>('Nome completo') };
}

/** What an input method does to the input during a composition: writes the value, `input` says it is composing. */
async function composeInto(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    fireEvent.input(input, { isComposing: true, inputType: 'insertCompositionText', data: value });
  });
}

describe('text in NFC in the form fields', () => {
  it('a name pasted decomposed is held and submitted precomposed, as a keyboard types it', async () => {
    const { user, onSubmit, name } = renderForm();
    await user.click(name);
    await user.paste(NFD_NAME);
    expect(name.value).toBe(NFC_NAME);
    expect(name.value).toHaveLength(14);
    await user.click(screen.getByLabelText('Senha'));
    await user.paste('abcd1234');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: NFC_NAME, password: 'abcd1234' }));
  });

  it('keeps the caret after what was pasted in the middle of the text', async () => {
    const { user, name } = renderForm('Maria Silva');
    name.focus();
    name.setSelectionRange(6, 6);
    await user.paste('Conceic\u0327a\u0303o ');
    expect(name.value).toBe('Maria Concei\u00e7\u00e3o Silva');
    expect(name.selectionStart).toBe('Maria Concei\u00e7\u00e3o '.length);
    await user.keyboard('da ');
    expect(name.value).toBe('Maria Concei\u00e7\u00e3o da Silva');
  });

  it('never rewrites the value while an input method composes; puts it in NFC when the composition ends', async () => {
    const { user, onSubmit, name } = renderForm();
    name.focus();
    fireEvent.compositionStart(name, { data: '' });
    await composeInto(name, 'Joa\u0303');
    // The IME owns the composed text: left as it is, caret included, and Formik holds it as it is.
    expect(name.value).toBe('Joa\u0303');
    expect(name.selectionStart).toBe(4);
    await composeInto(name, 'Joa\u0303o');
    expect(name.value).toBe('Joa\u0303o');
    await act(async () => {
      fireEvent.compositionEnd(name, { data: 'Joa\u0303o' });
    });
    expect(name.value).toBe('Jo\u00e3o');
    expect(name.selectionStart).toBe(4);
    await user.click(screen.getByLabelText('Senha'));
    await user.paste('abcd1234');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Jo\u00e3o', password: 'abcd1234' }));
  });

  it('an input still marked as composing (no compositionstart seen) is not rewritten either', async () => {
    const { name } = renderForm();
    name.focus();
    await composeInto(name, 'Joa\u0303o');
    expect(name.value).toBe('Joa\u0303o');
  });

  it('leaves text already in NFC untouched: the value and the caret where the driver put it', async () => {
    const { user, name } = renderForm();
    await user.type(name, 'João Silva');
    expect(name.value).toBe('Jo\u00e3o Silva');
    name.setSelectionRange(2, 2);
    // An edit that keeps the text in NFC: nothing writes the value, so the caret stays at 2.
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(name, 'João Silva!');
      name.setSelectionRange(2, 2);
      fireEvent.input(name);
    });
    expect(name.value).toBe('Jo\u00e3o Silva!');
    expect(name.selectionStart).toBe(2);
  });

  it('a name of 100 characters pasted decomposed (120 UTF-16 units) passes the 100-character limit; 101 does not', async () => {
    const hundred = `${'Conceição '.repeat(9)}Conceição`.padEnd(100, 'a');
    expect(hundred).toHaveLength(100);
    const decomposed = hundred.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan(100);
    const { user, onSubmit, name } = renderForm();
    await user.click(name);
    await user.paste(decomposed);
    expect(name.value).toBe(hundred);
    await user.click(screen.getByLabelText('Senha'));
    await user.paste('abcd1234');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: hundred, password: 'abcd1234' }));

    await user.click(name);
    await user.keyboard('a');
    await user.tab();
    await waitFor(() => expect(name).toHaveAccessibleDescription(TEXT_MESSAGES.tooLong(100)));
  });

  it('a password of 8 characters pasted decomposed is those 8 characters, not cut by maxlength 8 to a password the driver does not know', async () => {
    const { user, onSubmit, name } = renderForm();
    await user.click(name);
    await user.paste('Ana');
    const password = screen.getByLabelText<HTMLInputElement>('Senha');
    await user.click(password);
    // 'açaí1234': 8 characters, 10 UTF-16 units decomposed; a browser would keep 'ac\u0327ai\u03011' (8 units).
    await user.paste('ac\u0327ai\u03011234');
    expect(password.value).toBe('a\u00e7a\u00ed1234');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Ana', password: 'a\u00e7a\u00ed1234' }));
  });

  it('a decomposed password longer than 8 characters is kept whole, in NFC, and refused', async () => {
    const { user, onSubmit } = renderForm('Ana');
    const password = screen.getByLabelText<HTMLInputElement>('Senha');
    await user.click(password);
    await user.paste('ac\u0327ai\u0301123456');
    expect(password.value).toBe('a\u00e7a\u00ed123456');
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(VALIDATION_MESSAGES.password)));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
