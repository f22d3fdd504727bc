import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, Form } from 'formik';
import { object } from 'yup';
import { cpfSchema } from '@driver-portal/shared/validation';
import { FormDraft, FormField, loadDraft } from '.';

function DraftForm() {
  return (
    <Formik
      initialValues={loadDraft('teste', { nome: '', cpf: '', senha: '' })}
      validationSchema={object({ cpf: cpfSchema() })}
      onSubmit={() => undefined}
    >
      <Form>
        <FormField name="nome" label="Nome" />
        <FormField name="cpf" label="CPF" mask="cpf" />
        <FormField name="senha" label="Senha" type="password" />
        <FormDraft storageKey="teste" />
      </Form>
    </Formik>
  );
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
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await waitFor(() => expect(window.sessionStorage.getItem('driver-portal:draft:teste')).toContain('Maria'));
    expect(window.sessionStorage.getItem('driver-portal:draft:teste')).not.toContain('segredo1');
    unmount();

    render(<DraftForm />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Maria');
    expect(screen.getByLabelText('Senha')).toHaveValue('');
  });
});
