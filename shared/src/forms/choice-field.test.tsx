import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { ChoiceField } from '.';

/*
 * The chosen answer's card is marked by a class the component sets, not by CSS `:has()`, which
 * Firefox ESR 115 of the browser floor does not know (it drops the whole rule: no card would
 * show the choice). scripts/css-floor.mjs keeps `:has()` out of the stylesheets.
 */
describe('ChoiceField', () => {
  it("marks the chosen answer's card, and moves the mark with the choice", async () => {
    const user = userEvent.setup();
    render(
      <Formik initialValues={{ inss: 'yes' }} onSubmit={() => undefined}>
        <Form>
          <ChoiceField
            name="inss"
            legend="Você é contribuinte do INSS?"
            choices={[
              { value: 'yes', label: 'Sim' },
              { value: 'no', label: 'Não' },
            ]}
          />
        </Form>
      </Formik>,
    );
    const card = (name: string) => screen.getByRole('radio', { name }).closest('label');
    expect(card('Sim')).toHaveClass('choice-option', 'choice-option-checked');
    expect(card('Não')).not.toHaveClass('choice-option-checked');
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    expect(screen.getByRole('radio', { name: 'Não' })).toBeChecked();
    expect(card('Não')).toHaveClass('choice-option-checked');
    expect(card('Sim')).not.toHaveClass('choice-option-checked');
  });
});
