import { useNavigate } from 'react-router';
import { FocusFirstError, Form, FormDraft, Formik, loadDraft } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Card, Page } from '@driver-portal/shared/ui';
import { boolean, object } from '@driver-portal/shared/validation';
import { CheckboxField } from '../../fields';
import { CardRequestGate, cardTermsAccepted } from './CardFlow';
import { CARD_PATHS, CARD_TEXTS } from './texts';

const DRAFT_KEY = 'card-terms';
const schema = object({ accepted: boolean().oneOf([true], CARD_TEXTS.termsRequired) });

function TermsForm() {
  const navigate = useNavigate();
  const proceed = () => {
    cardTermsAccepted.set('yes');
    void navigate(CARD_PATHS.address);
  };
  return (
    <Formik
      initialValues={loadDraft(DRAFT_KEY, { accepted: cardTermsAccepted.get() === 'yes' })}
      validationSchema={schema}
      onSubmit={proceed}
    >
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEY} />
        <FocusFirstError />
        <Card title="Cartão de pagamento">
          <p>Receba o pagamento das suas corridas no cartão, em até 3 dias.</p>
        </Card>
        <Card title="Termos do cartão">
          <ul className="card-terms-list">
            <li>O cartão é pessoal e será enviado ao endereço que você informar, sem custo.</li>
            <li>Ao chegar, o cartão precisa ser desbloqueado antes do primeiro uso.</li>
            <li>Os valores das corridas são creditados no cartão em até 3 dias.</li>
          </ul>
        </Card>
        <CheckboxField name="accepted" label="Li e aceito os termos do cartão" />
        <Button type="submit" className="button-block">
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/** /card-request/terms: the card's terms, which must be accepted before the address. */
export function CardTermsPage() {
  return (
    <Page title="Pedir cartão" backTo={HOME_PATH}>
      <CardRequestGate>{() => <TermsForm />}</CardRequestGate>
    </Page>
  );
}
