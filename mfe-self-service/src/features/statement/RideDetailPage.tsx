import { Fragment, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { Ride } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { formatBRL, formatDateTime, hasText, NOT_INFORMED } from '@driver-portal/shared/format';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { fetchRide } from './api';
import { LIST_PATH, listSearch, rideWhen, statusClass } from './rides';
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
      // The drawing's own proportions (16:9) until it loads; the class ride-map makes it as wide as the page.
      width={320}
      height={180}
      onError={() => setFailed(true)}
    />
  );
}

function RideDetails({ ride }: { ride: Ride }) {
  const when = rideWhen(ride.Data);
  // Every field of the Ride entity (docs/product-rules.md, "Entities"), in a reading order for the driver.
  const fields: Array<[label: string, value: ReactNode]> = [
    // The full name, not cut at 25 characters like the list: see RIDE_NAME_LENGTH in rides.ts.
    ['Nome', hasText(ride.Nome) ? ride.Nome : NOT_INFORMED],
    ['Data', <time dateTime={when.dateTime}>{when.text}</time>],
    ['Status', <span className={statusClass(ride.Status)}>{ride.Status}</span>],
    ['Valor da corrida', formatBRL(ride.Valor)],
    ['Desconto', formatBRL(ride.ValorDesconto)],
    ['Valor líquido', formatBRL(ride.ValorLiquido)],
    // A payment day, often ahead: the full date (the "Hoje"/"Ontem" labels are for the ride's day).
    ['Previsão de pagamento', hasText(ride.DataProvisaoPagamento) ? formatDateTime(ride.DataProvisaoPagamento) : NO_PAYMENT_DATE],
    ['Transação', hasText(ride.TransacaoId) ? ride.TransacaoId : NO_TRANSACTION],
    ['Solicitação', String(ride.SolicitacaoId ?? '')],
    ['Chamada', String(ride.ChamadaId ?? '')],
    ['Origem', hasText(ride.EnderecoOrigem) ? ride.EnderecoOrigem : NOT_INFORMED],
    ['Destino', hasText(ride.EnderecoDestino) ? ride.EnderecoDestino : NOT_INFORMED],
  ];
  return (
    <dl className="details ride-details">
      {fields.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
      {/* Last, on rows of its own across both columns (class ride-route): the map gets the page's width. */}
      <dt className="ride-route">Rota</dt>
      <dd className="ride-route">
        <RouteMap ride={ride} />
      </dd>
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
