import { Fragment, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Ride } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { formatBRL, formatDateTime, hasText, NOT_INFORMED } from '@driver-portal/shared/format';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { fetchRide } from './api';
import { LIST_PATH, listSearch, statusClass } from './rides';
import './statement.css';

/** Texts of docs/product-rules.md, "Errors". */
export const NO_ROUTE = 'Corrida sem rota';
/** docs/product-rules.md, "Self-service": a ride without TransacaoId. */
export const NO_TRANSACTION = 'Processando...';
/** Spec silent: a ride without a payment forecast (reversed or processing). */
export const NO_PAYMENT_DATE = 'Sem previsão';

function RouteMap({ ride }: { ride: Ride }) {
  const [failed, setFailed] = useState(false);
  if (!hasText(ride.Mapa)) return <>{NO_ROUTE}</>;
  // Spec silent: an image that does not load says so instead of showing a broken picture.
  if (failed) return <>Não foi possível carregar o mapa da rota.</>;
  const destination = hasText(ride.EnderecoDestino) ? ride.EnderecoDestino : 'destino não informado';
  return (
    <img
      className="ride-map"
      src={ride.Mapa}
      alt={`Mapa da rota de ${hasText(ride.EnderecoOrigem) ? ride.EnderecoOrigem : 'origem não informada'} até ${destination}`}
      // Small enough for the details grid of a 360 px phone; the class ride-map widens it.
      width={200}
      height={113}
      onError={() => setFailed(true)}
    />
  );
}

function RideDetails({ ride }: { ride: Ride }) {
  // Every field of the Ride entity (docs/product-rules.md, "Entities"), in a reading order for the driver.
  const fields: Array<[label: string, value: ReactNode]> = [
    ['Nome', hasText(ride.Nome) ? ride.Nome : NOT_INFORMED],
    ['Data', formatDateTime(ride.Data)],
    ['Status', <span className={statusClass(ride.Status)}>{ride.Status}</span>],
    ['Valor da corrida', formatBRL(ride.Valor)],
    ['Desconto', formatBRL(ride.ValorDesconto)],
    ['Valor líquido', formatBRL(ride.ValorLiquido)],
    ['Previsão de pagamento', hasText(ride.DataProvisaoPagamento) ? formatDateTime(ride.DataProvisaoPagamento) : NO_PAYMENT_DATE],
    ['Transação', hasText(ride.TransacaoId) ? ride.TransacaoId : NO_TRANSACTION],
    ['Solicitação', String(ride.SolicitacaoId ?? '')],
    ['Chamada', String(ride.ChamadaId ?? '')],
    ['Origem', hasText(ride.EnderecoOrigem) ? ride.EnderecoOrigem : NOT_INFORMED],
    ['Destino', hasText(ride.EnderecoDestino) ? ride.EnderecoDestino : NOT_INFORMED],
    ['Rota', <RouteMap ride={ride} />],
  ];
  return (
    <dl className="details">
      {fields.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * /performed-Runs/details/:data/:SolicitacaoId — one ride (GET extrato/extrato-detalhe/ with
 * query SolicitacaoId). `:data` (DD-MM-YYYY, see rides.ts) only makes the URL readable. The
 * back link returns to the list with its taxiId and chosen month.
 */
export function RideDetailPage() {
  const { SolicitacaoId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const load = useLoad((signal) => fetchRide(SolicitacaoId, signal), [SolicitacaoId]);
  return (
    <Page title="Detalhe da corrida" backTo={`${LIST_PATH}${listSearch(searchParams)}`}>
      <LoadView {...load}>{(ride) => <RideDetails ride={ride} />}</LoadView>
    </Page>
  );
}
