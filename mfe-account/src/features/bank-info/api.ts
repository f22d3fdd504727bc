import { callApi } from '@driver-portal/shared/http';
import { api, type Bank, type BankAccount } from '../../contract';

export const BANK_TEXTS = {
  saved: 'Dados bancarios atualizados com sucesso!',
} as const;

export interface BankScreenData {
  banks: Bank[];
  account: BankAccount | null;
}

/** The bank list (GET register api/1.0/banks, path ours) and the saved account, together. */
export async function fetchBankScreen(guid: string, signal: AbortSignal): Promise<BankScreenData> {
  const [banks, saved] = await Promise.all([
    callApi(api.register.banks, { signal }),
    callApi(api.register.bankAccount, { params: { guid }, signal }),
  ]);
  return { banks, account: saved.bankAccount };
}

/** POST register api/1.0/driver/:guid/bankaccount; a failure is alerted (the 400 list) and rejects. */
export const saveBankAccount = (guid: string, body: BankAccount) =>
  callApi(api.register.saveBankAccount, { params: { guid }, body, overlay: true, alertOnError: true });
