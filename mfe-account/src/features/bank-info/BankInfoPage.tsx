import { useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField } from '@driver-portal/shared/forms';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import { object, string, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
import type { AccountType, Bank, BankAccount } from '../../contract';
import { accountPaths } from '../../paths';
import { BANK_TEXTS, fetchBankScreen, saveBankAccount } from './api';
import './bank-info.css';

interface BankValues {
  accountType: AccountType | '';
  bankNumber: string;
  agencyNumber: string;
  agencyNumberDigit: string;
  accountNumber: string;
  accountNumberDigit: string;
}

const EMPTY: BankValues = {
  accountType: '',
  bankNumber: '',
  agencyNumber: '',
  agencyNumberDigit: '',
  accountNumber: '',
  accountNumberDigit: '',
};

/** docs/product-rules.md, "Validation and masks": numeric inputs, at most 9999999999. */
export const MAX_BANK_NUMBER = 9_999_999_999;
export const NUMBER_MESSAGE = 'Informe apenas números, até 9999999999';

/** A check digit is one character (ours): an X points to the seed's hint, anything else says so. */
export const DIGIT_MESSAGES = {
  agencyX: 'Se o dígito da sua agência for X, informe 0.',
  accountX: 'Se o dígito da sua conta for X, informe 0.',
  oneDigit: 'O dígito é um só número, de 0 a 9.',
} as const;

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'CC', label: 'Corrente' },
  { value: 'CP', label: 'Poupança' },
] as const;

const numeric = () =>
  string()
    .trim()
    .test('numeric', NUMBER_MESSAGE, (value) => !value || (/^\d{1,10}$/.test(value) && Number(value) <= MAX_BANK_NUMBER));

/** One digit; an X (some banks print one) is answered with what to type instead. */
const checkDigit = (xMessage: string) =>
  string()
    .trim()
    .test('x', xMessage, (value) => !value || !/^x$/i.test(value))
    .test('one-digit', DIGIT_MESSAGES.oneDigit, (value) => !value || /^x$/i.test(value) || /^\d$/.test(value));

const required = VALIDATION_MESSAGES.required;

/** Confirmar is enabled only when all of these hold (the original's rule never worked). */
const schema = object({
  accountType: string().required(required).oneOf(['CC', 'CP'], required),
  bankNumber: string().required(required),
  agencyNumber: numeric().required(required),
  agencyNumberDigit: checkDigit(DIGIT_MESSAGES.agencyX),
  accountNumber: numeric().required(required),
  accountNumberDigit: checkDigit(DIGIT_MESSAGES.accountX).required(required),
});

// No maxLength: a browser cuts a pasted 15-digit account to 10 digits without a word, and the
// cut number would be saved (issue 25, point 3). What does not fit is refused under the field.
const NUMBER_INPUT = { inputMode: 'numeric', autoComplete: 'off' } as const;

function initialValues(account: BankAccount | null, draftKey: string): BankValues {
  return loadDraft(draftKey, account ? { ...account } : EMPTY);
}

function BankForm({ banks, account, driverId }: { banks: Bank[]; account: BankAccount | null; driverId: string }) {
  const draftKey = `bank-info:${driverId}`;
  const { run: submit } = useSingleFlight(async (values: BankValues) => {
    const body: BankAccount = {
      accountType: values.accountType as AccountType,
      bankNumber: values.bankNumber,
      agencyNumber: values.agencyNumber.trim(),
      // The service wants an empty string, never a missing field, when the agency has no digit.
      agencyNumberDigit: values.agencyNumberDigit.trim(),
      accountNumber: values.accountNumber.trim(),
      accountNumberDigit: values.accountNumberDigit.trim(),
    };
    try {
      await saveBankAccount(driverId, body);
    } catch {
      return; // Alerted by callApi; what was typed stays.
    }
    clearDraft(draftKey);
    showSuccess(BANK_TEXTS.saved, { redirectTo: accountPaths.myAccount(driverId) });
  });

  return (
    <Formik initialValues={initialValues(account, draftKey)} validationSchema={schema} validateOnMount onSubmit={submit}>
      {({ isValid, isSubmitting }) => (
        <Form noValidate>
          <FormDraft storageKey={draftKey} />
          <SelectField name="accountType" label="Tipo de conta" placeholder="Selecione" options={ACCOUNT_TYPE_OPTIONS} />
          <SelectField
            name="bankNumber"
            label="Banco"
            placeholder="Selecione o banco"
            options={banks.map((bank) => ({ value: bank.BankNumber, label: `${bank.BankNumber} - ${bank.Description}` }))}
          />
          <div className="bank-pair">
            <FormField name="agencyNumber" label="Agência" {...NUMBER_INPUT} />
            <FormField
              name="agencyNumberDigit"
              label="Dígito da agência"
              hint="Verifique se a sua agência tem dígito (alguns bancos usam 0)."
              {...NUMBER_INPUT}
            />
          </div>
          <div className="bank-pair">
            <FormField name="accountNumber" label="Conta" {...NUMBER_INPUT} />
            <FormField
              name="accountNumberDigit"
              label="Dígito da conta"
              hint="Se o dígito da sua conta for X, informe 0."
              {...NUMBER_INPUT}
            />
          </div>
          <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
            Confirmar
          </Button>
        </Form>
      )}
    </Formik>
  );
}

/**
 * /my-account/bank-info/:driverId — the account the driver's rides are paid into
 * (docs/product-rules.md, "Account"): type, bank from the bank list, agency and account with
 * their digits. The saved account fills the form; what the driver types is kept across a
 * reload (FormDraft) until it is saved.
 */
export function BankInfoPage() {
  const { driverId = '' } = useParams();
  const load = useLoad((signal) => fetchBankScreen(driverId, signal), [driverId]);
  return (
    <Page title="Dados bancários" backTo={accountPaths.myAccount(driverId)}>
      <p>
        As corridas são pagas em conta corrente ou poupança de pessoa física, que tenha você, o motorista cadastrado, como titular. Não
        aceitamos contas de terceiros.
      </p>
      <LoadView {...load} loadingLabel="Carregando seus dados bancários...">
        {({ banks, account }) => <BankForm banks={banks} account={account} driverId={driverId} />}
      </LoadView>
    </Page>
  );
}
