import { useSearchParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { HOME_PATH } from '@driver-portal/shared/links';
import { ButtonLink, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchDeposits } from './api';
import { DepositsAccordion } from './DepositsAccordion';
import { groupDepositsByDate } from './grouping';

/**
 * /deposits/list?id=<driver id> — the driver's deposits, grouped by day.
 *
 * What `id` is for (docs/product-rules.md, "Route table" puts it in the query string; the deposits call does not take
 * it): the core API identifies the driver by the bearer token, so `id` is never sent and the
 * screen works without it (the host's home links here without one). When present it is the
 * same driver id the ride statement takes as `taxiId`, and only feeds the link to that
 * statement, so the driver can move between deposits and the rides they paid.
 */
export function DepositsPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id')?.trim() ?? '';
  const load = useLoad(fetchDeposits, []);
  return (
    <Page title="Depósitos" backTo={HOME_PATH}>
      <LoadView {...load} isEmpty={(list) => list.length === 0} loadingLabel="Carregando depósitos...">
        {(list) => <DepositsAccordion groups={groupDepositsByDate(list)} />}
      </LoadView>
      {id ? (
        <ButtonLink variant="secondary" className="button-block" to={`/performed-Runs/list?taxiId=${encodeURIComponent(id)}`}>
          Ver extrato de corridas
        </ButtonLink>
      ) : null}
    </Page>
  );
}
