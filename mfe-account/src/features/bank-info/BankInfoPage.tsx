import { useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField } from '@driver-portal/shared/forms';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import { accountDigitSchema, bankDigitSchema, object, string, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
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

/**
 * A payment account (conta de pagamento: Nubank, PicPay, Mercado Pago, PagBank...) is what many
 * drivers have; the service takes `CC` or `CP` only, and such an account is paid as a checking
 * account (docs/decisions/0017-bank-accounts-and-documents-as-issued.md).
 */
export const ACCOUNT_TYPE_HINT = 'Conta de pagamento de banco digital: escolha Corrente.';

const ACCOUNT_TYPE_OPTIONS = [
  { value: 'CC', label: 'Corrente' },
  { value: 'CP', label: 'Poupança' },
] as const;

const numeric = () =>
  string()
    .trim()
    .test('numeric', NUMBER_MESSAGE, (value) => !value || (/^\d{1,10}$/.test(value) && Number(value) <= MAX_BANK_NUMBER));

const required = VALIDATION_MESSAGES.required;

/** Confirmar is enabled only when all of these hold (the original's rule never worked). */
const schema = object({
  accountType: string().required(required).oneOf(['CC', 'CP'], required),
  bankNumber: string().required(required),
  agencyNumber: numeric().required(required),
  // One digit; an X or P (some banks print one) is answered with what to type instead.
  agencyNumberDigit: bankDigitSchema('agency'),
  accountNumber: numeric().required(required),
  // The bank's own check digit rule where it is published (shared/src/validation/banking.ts).
  accountNumberDigit: accountDigitSchema({ bank: 'bankNumber', agency: 'agencyNumber', account: 'accountNumber' }).required(required),
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
          <SelectField
            name="accountType"
            label="Tipo de conta"
            placeholder="Selecione"
            options={ACCOUNT_TYPE_OPTIONS}
            hint={ACCOUNT_TYPE_HINT}
          />
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
