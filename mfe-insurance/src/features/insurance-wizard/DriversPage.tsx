import { useEffect, useRef, useState } from 'react';
import {
  FocusFirstError,
  clearDraft,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  type FormikHelpers,
  type FormikProps,
} from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { useContinue, WizardStepPage } from './WizardStepPage';
import { WIZARD_TEXTS } from './texts';
import {
  additionalDriverSchema,
  cpfDigits,
  DRAFT_KEYS,
  EMPTY_DRIVER,
  editingDrivers,
  MAX_ADDITIONAL_DRIVERS,
  saveAnswers,
  type AdditionalDriver,
  type WizardAnswers,
} from './wizard';

const typedSomething = (values: AdditionalDriver) => [values.name, values.birthDate, values.cpf].some((value) => value.trim() !== '');

function DriversForm({ answers }: { answers: WizardAnswers }) {
  const proceed = useContinue('drivers');
  // The list being edited survives a reload too; Continuar makes it the answer.
  const [drivers, setDrivers] = useState<AdditionalDriver[]>(() => editingDrivers.read() ?? answers.drivers ?? []);
  const formRef = useRef<FormikProps<AdditionalDriver>>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => editingDrivers.write(drivers), [drivers]);

  const full = drivers.length >= MAX_ADDITIONAL_DRIVERS;
  const listed = drivers.map((driver) => cpfDigits(driver.cpf));

  const add = (values: AdditionalDriver, helpers?: Pick<FormikHelpers<AdditionalDriver>, 'resetForm'>) => {
    setDrivers((current) => [...current, { name: values.name.trim(), birthDate: values.birthDate, cpf: values.cpf }]);
    helpers?.resetForm({ values: EMPTY_DRIVER });
    clearDraft(DRAFT_KEYS.driver);
  };

  const remove = (index: number) => {
    setDrivers((current) => current.filter((_, position) => position !== index));
    listHeadingRef.current?.focus();
  };

  const finish = async () => {
    let list = drivers;
    // What was typed but not added yet is added first (or its errors are shown), never dropped.
    const form = formRef.current;
    if (form && !full && typedSomething(form.values)) {
      const errors = await form.validateForm();
      if (Object.keys(errors).length > 0) {
        void form.setTouched({ name: true, birthDate: true, cpf: true }, false);
        return;
      }
      list = [...drivers, { ...form.values, name: form.values.name.trim() }];
      clearDraft(DRAFT_KEYS.driver);
    }
    const saved = saveAnswers({ drivers: list });
    editingDrivers.clear();
    proceed(saved);
  };

  return (
    <>
      <p>Inclua até {MAX_ADDITIONAL_DRIVERS} condutores que também dirigem o veículo (opcional).</p>
      <section className="card" aria-labelledby="additional-drivers-title">
        <h2 id="additional-drivers-title" ref={listHeadingRef} tabIndex={-1} className="card-title">
          Condutores incluídos ({drivers.length} de {MAX_ADDITIONAL_DRIVERS})
        </h2>
        {drivers.length === 0 ? (
          <p>{WIZARD_TEXTS.noDrivers}</p>
        ) : (
          <ul className="driver-list" aria-label="Condutores adicionais">
            {drivers.map((driver, index) => (
              <li key={cpfDigits(driver.cpf)} className="driver-item">
                <div>
                  <p className="driver-name">{driver.name}</p>
                  <p className="driver-meta">
                    CPF <span className="nowrap">{driver.cpf}</span> · nascimento <span className="nowrap">{driver.birthDate}</span>
                  </p>
                </div>
                <Button variant="secondary" onClick={() => remove(index)} aria-label={`Remover ${driver.name}`}>
                  Remover
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {full ? (
        <p className="card" role="status">
          {WIZARD_TEXTS.maxDrivers}
        </p>
      ) : (
        <Formik
          innerRef={formRef}
          initialValues={loadDraft(DRAFT_KEYS.driver, EMPTY_DRIVER)}
          validationSchema={additionalDriverSchema(listed, answers.ownerFromDriver?.cpf)}
          onSubmit={(values, helpers) => add(values, helpers)}
        >
          <Form noValidate aria-labelledby="add-driver-title" className="card">
            <FormDraft storageKey={DRAFT_KEYS.driver} />
            <FocusFirstError />
            <h2 id="add-driver-title" className="card-title">
              Incluir condutor
            </h2>
            <FormField name="name" label="Nome do condutor" autoComplete="off" />
            <FormField name="birthDate" label="Data de nascimento" mask="date" placeholder="DD/MM/AAAA" autoComplete="off" />
            <FormField name="cpf" label="CPF do condutor" mask="cpf" autoComplete="off" />
            <Button type="submit" variant="secondary" className="button-block">
              Adicionar condutor
            </Button>
          </Form>
        </Formik>
      )}
      <Button className="button-block" onClick={() => void finish()}>
        Continuar
      </Button>
    </>
  );
}

/** /car-insurance/drivers: up to 3 additional drivers (name, birth date, a valid CPF not already listed). */
export function DriversPage() {
  return <WizardStepPage step="drivers">{(answers) => <DriversForm answers={answers} />}</WizardStepPage>;
}
