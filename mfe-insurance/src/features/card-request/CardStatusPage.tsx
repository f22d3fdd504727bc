import { Link } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { formatDate } from '@driver-portal/shared/format';
import { ButtonLink, Card, LoadView, platformStyleScope } from '@driver-portal/shared/ui';
import { CARD_STAGES, type CardAddress, type CardStatus } from '../../contract';
import { currentDriverId } from '../../session';
import { fetchCardStatus } from './api';
import { NoDriver } from './CardFlow';
import './card-request.css';
import { CARD_PATHS, CARD_STAGE_LABELS, CARD_TEXTS } from './texts';

const TITLE = 'Acompanhe seu cartão';

/** `01.310-100`, the card form's CEP mask. */
const cardCep = (digits: string) => (/^\d{8}$/.test(digits) ? `${digits.slice(0, 2)}.${digits.slice(2, 5)}-${digits.slice(5)}` : digits);

function addressLines(address: CardAddress): string[] {
  const street = [`${address.address}, ${address.number}`, address.complement].filter(Boolean).join(' - ');
  return [street, `${address.neighborhood}, ${address.city} - ${address.state}`, `CEP ${cardCep(address.cep)}`];
}

function Tracker({ status }: { status: CardStatus }) {
  if (status.stage === null) {
    return (
      <>
        <p className="card" role="status">
          {CARD_TEXTS.notRequested}
        </p>
        <ButtonLink to={CARD_PATHS.terms} className="button-block">
          Pedir cartão
        </ButtonLink>
      </>
    );
  }
  const current = CARD_STAGES.indexOf(status.stage);
  return (
    <>
      <Card title="Andamento do pedido">
        {status.requestedAt ? <p>Pedido feito em {formatDate(status.requestedAt)}.</p> : null}
        <ol className="card-stages" aria-label="Etapas do cartão">
          {CARD_STAGES.map((stage, index) => {
            const state = index < current ? 'done' : index === current ? 'current' : 'next';
            return (
              <li key={stage} className={`card-stage card-stage-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="card-stage-marker" aria-hidden="true">
                  {state === 'done' ? '✓' : index + 1}
                </span>
                <div>
                  <p className="card-stage-label">{CARD_STAGE_LABELS[stage]}</p>
                  <p className="card-stage-state">{state === 'done' ? 'Concluído' : state === 'current' ? 'Etapa atual' : 'A seguir'}</p>
                </div>
              </li>
            );
          })}
        </ol>
      </Card>
      {status.address ? (
        <Card title="Endereço de entrega">
          {addressLines(status.address).map((line) => (
            <p key={line} className="card-address-line">
              {line}
            </p>
          ))}
        </Card>
      ) : null}
    </>
  );
}

function Status({ driverId }: { driverId: string }) {
  const load = useLoad((signal) => fetchCardStatus(driverId, signal), [driverId]);
  return <LoadView {...load}>{(status) => <Tracker status={status} />}</LoadView>;
}

/**
 * /card-request/status — the card's four stages. Its back link is always `/card-out`
 * (docs/product-rules.md, "Route table"), never the screen before (the request's own steps), so
 * the page is built with the platform's page classes instead of `Page`, whose back link returns
 * to the previous screen.
 */
export function CardStatusPage() {
  const driverId = currentDriverId();
  return (
    <div className="page" {...platformStyleScope}>
      <header className="page-header">
        <Link className="page-back" to={CARD_PATHS.out} aria-label="Voltar">
          ‹
        </Link>
        <h1 className="page-title">{TITLE}</h1>
      </header>
      <div className="page-body">{driverId ? <Status driverId={driverId} /> : <NoDriver />}</div>
    </div>
  );
}
