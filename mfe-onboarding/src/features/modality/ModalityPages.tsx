import { Link, useNavigate, useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { ChoiceField, Form, Formik, FocusFirstError } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import { mixed, object, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
import { PREDICATE_KEYS, PREDICATE_VALUES, type PredicateValue } from '../../contract';
import { DOCUMENT_NAMES, MODALITY_DOCUMENT_TYPES, parseModality } from '../../documents';
import { DriverUnknown } from '../../driver';
import { registerPaths } from '../../paths';
import { registeringDriver } from '../../session';
import { fetchAnswers, fetchModality, saveAnswers, setModality, type Answers } from './api';
import { MODALITY_NAMES, MODALITY_TEXTS, OFFERED_MODALITIES, PREDICATE_QUESTIONS } from './texts';
import './modality.css';

const MODALITY_CHOICES = OFFERED_MODALITIES.map((type) => ({ value: String(type), label: MODALITY_NAMES[type] ?? String(type) }));

/** /register/modality/ — the modality choice; only Motorista/Taxista (0) is offered. */
export function ModalityPage() {
  const guid = registeringDriver();
  return (
    <Page title={MODALITY_TEXTS.modalityTitle} backTo={HOME_PATH}>
      {guid ? <ModalityForm guid={guid} /> : <DriverUnknown />}
    </Page>
  );
}

function ModalityForm({ guid }: { guid: string }) {
  const navigate = useNavigate();
  const load = useLoad((signal) => fetchModality(guid, signal), [guid]);
  const { run: choose, running } = useSingleFlight(async (modalityType: number) => {
    try {
      await setModality(guid, modalityType);
    } catch {
      return; // Alerted; the choice stays.
    }
    void navigate(registerPaths.predicates(modalityType));
  });
  return (
    <LoadView {...load}>
      {(current) => (
        <Formik
          // A driver coming back sees the modality chosen before, when it is one offered.
          initialValues={{ modality: current !== undefined && OFFERED_MODALITIES.some((type) => type === current) ? String(current) : '' }}
          onSubmit={(values) => choose(Number(values.modality))}
        >
          {({ values }) => (
            <Form noValidate>
              <ChoiceField name="modality" legend={MODALITY_TEXTS.modalityLegend} choices={MODALITY_CHOICES} />
              {/* Continuar once a modality is chosen (the only rule). */}
              <Button type="submit" className="button-block" disabled={values.modality === ''} aria-disabled={running || undefined}>
                Continuar
              </Button>
            </Form>
          )}
        </Formik>
      )}
    </LoadView>
  );
}

/** A path whose modality is not 0 or 1: say so and lead to the choice. */
function InvalidModality() {
  return (
    <div className="error-state" role="alert">
      <p>{MODALITY_TEXTS.invalidModality}</p>
      <Link className="button button-primary" to={registerPaths.modality()}>
        Escolher a modalidade
      </Link>
    </div>
  );
}

const ANSWER_CHOICES = PREDICATE_VALUES.map((value) => ({ value, label: value }));
const answerRule = () =>
  mixed<PredicateValue | ''>()
    .oneOf([...PREDICATE_VALUES], VALIDATION_MESSAGES.required)
    .required(VALIDATION_MESSAGES.required);
const answersSchema = object({ CONTRIBUINTE_INSS: answerRule(), CURSO_CONDUTOR: answerRule() });

/** /register/predicates/:modalityType — the two questions, Sim or Não, both required. */
export function PredicatesPage() {
  const modalityType = parseModality(useParams().modalityType);
  const guid = registeringDriver();
  let body = <DriverUnknown />;
  if (modalityType === undefined) body = <InvalidModality />;
  else if (guid) body = <PredicatesForm guid={guid} modalityType={modalityType} />;
  return (
    <Page title={MODALITY_TEXTS.predicatesTitle} backTo={registerPaths.modality()}>
      {body}
    </Page>
  );
}

function PredicatesForm({ guid, modalityType }: { guid: string; modalityType: number }) {
  const navigate = useNavigate();
  const load = useLoad((signal) => fetchAnswers(guid, modalityType, signal), [guid, modalityType]);
  const { run: save, running } = useSingleFlight(async (answers: Answers) => {
    try {
      await saveAnswers(guid, modalityType, answers);
    } catch {
      return; // Alerted; the answers stay.
    }
    void navigate(registerPaths.viewDocs(modalityType));
  });
  return (
    <LoadView {...load}>
      {(saved) => (
        <Formik<Answers> initialValues={saved} validationSchema={answersSchema} onSubmit={save}>
          <Form noValidate>
            <FocusFirstError />
            {PREDICATE_KEYS.map((key) => (
              <ChoiceField key={key} name={key} legend={PREDICATE_QUESTIONS[key]} choices={ANSWER_CHOICES} />
            ))}
            <Button type="submit" className="button-block" aria-disabled={running || undefined}>
              Continuar
            </Button>
          </Form>
        </Formik>
      )}
    </LoadView>
  );
}

/** /register/modality-view-docs/:modalityType — the documents the modality needs, then the address. */
export function ViewDocsPage() {
  const modalityType = parseModality(useParams().modalityType);
  const navigate = useNavigate();
  const documents = modalityType === undefined ? undefined : MODALITY_DOCUMENT_TYPES[modalityType];
  return (
    <Page
      title={MODALITY_TEXTS.docsTitle}
      backTo={modalityType === undefined ? registerPaths.modality() : registerPaths.predicates(modalityType)}
    >
      {modalityType === undefined || !documents ? (
        <InvalidModality />
      ) : (
        <>
          <p>{MODALITY_TEXTS.docsIntro}</p>
          <ul className="documents-list" aria-label="Documentos necessários">
            {documents.map((type) => (
              <li key={type}>{DOCUMENT_NAMES[type]}</li>
            ))}
          </ul>
          <p className="documents-note">{MODALITY_TEXTS.docsPdf}</p>
          <Button className="button-block" onClick={() => void navigate(registerPaths.address('new', modalityType))}>
            Continuar
          </Button>
        </>
      )}
    </Page>
  );
}
