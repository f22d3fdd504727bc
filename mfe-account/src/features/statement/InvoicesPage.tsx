import { useState } from 'react';
import { useSingleFlight } from '@driver-portal/shared/data';
import { formatBRL, formatDate } from '@driver-portal/shared/format';
import { Form, FormDraft, FormField, Formik, loadDraft } from '@driver-portal/shared/forms';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { Button, EmptyState, Page } from '@driver-portal/shared/ui';
import type { InvoiceItem } from '../../contract';
import { useKnownDriver } from '../../driver';
import { alertStatementFailure, fetchInvoices, type InvoiceQuery } from './api';
import { CPF_INPUT, cpfReady, DATE_INPUT, invoiceSchema } from './rules';
import './statement.css';

const DRAFT_KEY = 'take-nf';
const EMPTY: InvoiceQuery = { cpf: '', birthDate: '', startDate: '', endDate: '' };

function InvoiceList({ invoices }: { invoices: InvoiceItem[] }) {
  if (invoices.length === 0) return <EmptyState />;
  return (
    <ul className="invoice-list" aria-label="Notas fiscais">
      {invoices.map((invoice, index) => {
        const issued = formatDate(invoice.dataEmissao);
        const href = safeExternalUrl(invoice.linkNF);
        return (
          <li key={`${invoice.linkNF}-${index}`} className="invoice-item">
            <dl className="invoice-values">
              <dt>Emissão</dt>
              <dd>{issued}</dd>
              <dt>Valor líquido</dt>
              <dd>{formatBRL(invoice.totalLiquido)}</dd>
            </dl>
            {href ? (
              <a className="invoice-download" href={href} target="_blank" rel="noopener noreferrer">
                Download<span className="visually-hidden"> da nota de {issued}</span>
              </a>
            ) : (
              <span className="invoice-unavailable">Documento indisponível</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /my-account/take-nf — the driver's invoices (notas fiscais) of a period: CPF, birth date,
 * start and end dates, Continuar (disabled while the CPF is empty or invalid); then the list with
 * the issue date, the net total and a Download link. "Nova consulta" goes back to the form as
 * it was; the form survives a reload.
 */
export function InvoicesPage() {
  const { backTo } = useKnownDriver();
  const [invoices, setInvoices] = useState<InvoiceItem[]>();
  const { run: search } = useSingleFlight(async (query: InvoiceQuery) => {
    try {
      setInvoices(await fetchInvoices(query));
    } catch (error) {
      alertStatementFailure(error);
    }
  });

  return (
    <Page title="Notas fiscais" backTo={backTo}>
      {/* The form stays mounted under the list: "Nova consulta" shows it as it was. */}
      <div hidden={invoices !== undefined}>
        <p className="statement-intro">Informe seus dados e o período das notas fiscais.</p>
        <Formik initialValues={loadDraft(DRAFT_KEY, EMPTY)} validationSchema={invoiceSchema} onSubmit={search}>
          {({ values, isSubmitting }) => (
            <Form noValidate>
              <FormDraft storageKey={DRAFT_KEY} />
              <FormField name="cpf" label="CPF" {...CPF_INPUT} />
              <FormField name="birthDate" label="Data de nascimento" {...DATE_INPUT} autoComplete="bday" />
              <div className="statement-pair">
                <FormField name="startDate" label="Data inicial" {...DATE_INPUT} />
                <FormField name="endDate" label="Data final" {...DATE_INPUT} />
              </div>
              <Button type="submit" className="button-block" disabled={!cpfReady(values.cpf)} aria-disabled={isSubmitting || undefined}>
                Continuar
              </Button>
            </Form>
          )}
        </Formik>
      </div>
      {invoices !== undefined ? (
        <>
          <InvoiceList invoices={invoices} />
          <Button variant="secondary" className="button-block" onClick={() => setInvoices(undefined)}>
            Nova consulta
          </Button>
        </>
      ) : null}
    </Page>
  );
}
