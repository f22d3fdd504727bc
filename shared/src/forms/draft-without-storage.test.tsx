import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik, Form } from 'formik';
import { object, string } from 'yup';
import { breakStorage, newDocument, savedDraft, STORAGE_MODES } from '@driver-portal/shared/test-utils';
import { pageStorage } from '@driver-portal/shared/storage';
import { clearDraft, DRAFT_TEXTS, FormDraft, FormField, loadDraft } from '.';

/*
 * Drafts in a webview without usable storage (docs/session.md, "Drafts"; decision 0020): kept in
 * the page's memory, so leaving a form and coming back keeps what was typed, and the first form of
 * the page says once that a reload would lose it. The form itself works as with storage.
 */

function DraftForm({ name, onSaved }: { name: string; onSaved: (values: { nome: string }) => void }) {
  return (
    <Formik
      initialValues={loadDraft(name, { nome: '' })}
      validationSchema={object({ nome: string().required('Informe o nome') })}
      onSubmit={(values) => {
        onSaved(values);
        clearDraft(name);
      }}
    >
      <Form>
        <FormDraft storageKey={name} />
        <FormField name="nome" label="Nome" />
        <button type="submit">Salvar</button>
      </Form>
    </Formik>
  );
}

const notices = () => screen.queryAllByText(DRAFT_TEXTS.notKept);

let undo: () => void = () => undefined;
afterEach(() => {
  undo();
  undo = () => undefined;
});

describe.each(STORAGE_MODES)('storage %s', (mode) => {
  beforeEach(() => {
    undo = breakStorage(mode);
  });

  it('the first form says once, at its top, that a reload loses what is typed; the form still submits', async () => {
    const user = userEvent.setup();
    const onSaved = jest.fn();
    const { container } = render(<DraftForm name="banco" onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o nome')).toBeInTheDocument();
    // Said at once where nothing can be kept, at the latest once the first draft is refused.
    await user.type(screen.getByLabelText('Nome'), 'Maria');
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(screen.getAllByRole('status').some((status) => status.textContent === DRAFT_TEXTS.notKept)).toBe(true);
    // At the top of the form, before its fields.
    expect(container.querySelector('form')?.firstElementChild).toHaveClass('draft-not-kept');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ nome: 'Maria' }));
    expect(notices()).toHaveLength(1);
  });

  it('with the session already in memory (the boot kept the token there) the form says it as it opens', () => {
    pageStorage().setItem('driver-portal:token', 'token-a');
    render(<DraftForm name="banco" onSaved={jest.fn()} />);
    expect(notices()).toHaveLength(1);
  });

  it('leaving the form and coming back in the same page keeps what was typed; no second form repeats the notice', () => {
    const first = render(<DraftForm name="banco" onSaved={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(notices()).toHaveLength(1);
    first.unmount();
    expect(savedDraft('banco')).toContain('Joana');

    const other = render(<DraftForm name="endereco" onSaved={jest.fn()} />);
    expect(notices()).toHaveLength(0);
    other.unmount();

    render(<DraftForm name="banco" onSaved={jest.fn()} />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Joana');
    expect(screen.getByText(DRAFT_TEXTS.restored)).toBeInTheDocument();
    // The same form, the same one place: it says it again there.
    expect(notices()).toHaveLength(1);
  });

  it('a reload loses the draft, as the notice said: the form opens empty, without a restored-draft notice', () => {
    const first = render(<DraftForm name="banco" onSaved={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    first.unmount();
    newDocument();
    render(<DraftForm name="banco" onSaved={jest.fn()} />);
    expect(screen.getByLabelText('Nome')).toHaveValue('');
    expect(screen.queryByText(DRAFT_TEXTS.restored)).not.toBeInTheDocument();
  });
});

describe('with storage', () => {
  it('says nothing about a reload: the draft survives it', () => {
    const first = render(<DraftForm name="banco" onSaved={jest.fn()} />);
    expect(notices()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } });
    first.unmount();
    newDocument();
    render(<DraftForm name="banco" onSaved={jest.fn()} />);
    expect(screen.getByLabelText('Nome')).toHaveValue('Joana');
    expect(notices()).toHaveLength(0);
  });

  it('a draft the storage refuses (its quota full) brings the notice when it is saved, once', async () => {
    const realSetItem = Storage.prototype.setItem;
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key.startsWith('driver-portal:draft:')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      // The write test and the other values go through.
      realSetItem.call(this, key, value);
    });
    try {
      render(<DraftForm name="banco" onSaved={jest.fn()} />);
      expect(notices()).toHaveLength(0);
      await act(async () => void fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana' } }));
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(notices()).toHaveLength(1);
      await act(async () => void fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Joana Lima' } }));
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(notices()).toHaveLength(1);
      expect(savedDraft('banco')).toContain('Joana Lima');
    } finally {
      setItem.mockRestore();
    }
  });
});
