import { formatBRL } from '@driver-portal/shared/format';
import { useId } from 'react';
import { Button, Card } from '@driver-portal/shared/ui';
import { ASSISTANCE_PHONE_CAPITALS, ASSISTANCE_PHONE_OTHER_REGIONS, CONTRACT_UNAVAILABLE_TEXT, INSURANCE_OFFER } from './constants';

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
  const unavailableId = useId();
  return (
    <>
      <Card title={`Seguro auto ${INSURANCE_OFFER.insurer} para taxistas`}>
        <p>
          Seguro de automóvel {INSURANCE_OFFER.insurer} com cobertura para {INSURANCE_OFFER.coverType}, oferecido aos motoristas de táxi.
        </p>
      </Card>
      <Card title="Preço">
        <p>
          <strong>{formatBRL(INSURANCE_OFFER.annualPrice)}</strong> por ano, com fidelidade de {INSURANCE_OFFER.loyaltyMonths} meses.
        </p>
        <p>
          Em <strong>{INSURANCE_OFFER.instalments} parcelas sem juros</strong>. A primeira parcela, de{' '}
          <strong>{formatBRL(INSURANCE_OFFER.firstInstalment)}</strong>, é debitada em até {INSURANCE_OFFER.firstInstalmentDebitDays} dias.
        </p>
      </Card>
      <Card title="Coberturas">
        <dl className="details">
          <dt>Danos materiais e corporais</dt>
          <dd>{formatThousandsBRL(coverage.materialAndBodilyDamage)}</dd>
          <dt>Danos morais</dt>
          <dd>{formatThousandsBRL(coverage.moralDamage)}</dd>
          <dt>Acidentes pessoais de passageiros</dt>
          <dd>{formatThousandsBRL(coverage.passengerAccidentTotal)} no total</dd>
          <dt>Guincho</dt>
          <dd>Até {INSURANCE_OFFER.towingKm} km</dd>
        </dl>
      </Card>
      <Card title="Assistência 24 horas">
        <dl className="details">
          <dt>Capitais</dt>
          <dd>
            <a href={telHref(ASSISTANCE_PHONE_CAPITALS)}>{ASSISTANCE_PHONE_CAPITALS}</a>
          </dd>
          <dt>Demais regiões</dt>
          <dd>
            <a href={telHref(ASSISTANCE_PHONE_OTHER_REGIONS)}>{ASSISTANCE_PHONE_OTHER_REGIONS}</a>
          </dd>
        </dl>
      </Card>
      {/*
       * Contratar leads to the contract wizard (/car-insurance/disclaimer, CONTRACT_START_PATH),
       * which is not built yet: a link would open "Página não encontrada". Until it is, the button
       * shows disabled with the reason next to it; when the wizard's routes exist it becomes a
       * ButtonLink to CONTRACT_START_PATH again.
       */}
      <Button className="button-block" disabled aria-describedby={unavailableId}>
        Contratar
      </Button>
      <p id={unavailableId} className="field-hint">
        {CONTRACT_UNAVAILABLE_TEXT}
      </p>
    </>
  );
}
