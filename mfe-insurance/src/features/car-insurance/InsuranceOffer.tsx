import { formatBRL } from '@driver-portal/shared/format';
import { ButtonLink, Card } from '@driver-portal/shared/ui';
import { ASSISTANCE_PHONE_CAPITALS, ASSISTANCE_PHONE_OTHER_REGIONS, CONTRACT_START_PATH, INSURANCE_OFFER } from './constants';
import { contractFinished } from '../../session';
import { DetailsList } from './DetailsList';

/** "R$ 50 mil": coverage limits read in thousands, as the offer states them. */
export function formatThousandsBRL(value: number): string {
  return `${formatBRL(value / 1000).replace(/,00$/, '')} mil`;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/\D/g, '')}`;
}

const { coverage } = INSURANCE_OFFER;

/** The offer shown when the driver has no active policy (docs/product-rules.md, "Insurance and card"). */
export function InsuranceOffer() {
  return (
    <>
      <Card title={`Seguro auto ${INSURANCE_OFFER.insurer} para taxistas`}>
        <p>
          Seguro de automóvel {INSURANCE_OFFER.insurer} com cobertura para {INSURANCE_OFFER.coverType}, oferecido aos motoristas de táxi.
        </p>
      </Card>
      <Card title="Preço">
        <p>
          <strong className="nowrap">{formatBRL(INSURANCE_OFFER.annualPrice)}</strong> por ano, com fidelidade de{' '}
          {INSURANCE_OFFER.loyaltyMonths} meses.
        </p>
        <p>
          Em <strong>{INSURANCE_OFFER.instalments} parcelas sem juros</strong>. A primeira parcela, de{' '}
          <strong className="nowrap">{formatBRL(INSURANCE_OFFER.firstInstalment)}</strong>, é debitada em até{' '}
          {INSURANCE_OFFER.firstInstalmentDebitDays} dias.
        </p>
      </Card>
      <Card title="Coberturas">
        <DetailsList
          rows={[
            ['Danos materiais e corporais', formatThousandsBRL(coverage.materialAndBodilyDamage), 'whole'],
            ['Danos morais', formatThousandsBRL(coverage.moralDamage), 'whole'],
            ['Acidentes pessoais de passageiros', `${formatThousandsBRL(coverage.passengerAccidentTotal)} no total`, 'whole'],
            ['Guincho', `Até ${INSURANCE_OFFER.towingKm} km`, 'whole'],
          ]}
        />
      </Card>
      <Card title="Assistência 24 horas">
        <dl className="insurance-details">
          <div className="insurance-details-row">
            <dt>Capitais</dt>
            <dd className="value-whole">
              <a href={telHref(ASSISTANCE_PHONE_CAPITALS)}>{ASSISTANCE_PHONE_CAPITALS}</a>
            </dd>
          </div>
          <div className="insurance-details-row">
            <dt>Demais regiões</dt>
            <dd className="value-whole">
              <a href={telHref(ASSISTANCE_PHONE_OTHER_REGIONS)}>{ASSISTANCE_PHONE_OTHER_REGIONS}</a>
            </dd>
          </div>
        </dl>
      </Card>
      <ButtonLink to={CONTRACT_START_PATH} className="button-block" onClick={() => contractFinished.set(undefined)}>
        Contratar
      </ButtonLink>
    </>
  );
}
