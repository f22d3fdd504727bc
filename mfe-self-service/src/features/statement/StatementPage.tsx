import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Ride, Statement } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { formatBRL, formatMonthYear, truncate } from '@driver-portal/shared/format';
import { HOME_PATH } from '@driver-portal/shared/links';
import { ButtonLink, Card, EmptyState, List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchCurrentStatement, fetchStatementOfMonth } from './api';
import { EarningsChart } from './EarningsChart';
import { MonthFilter } from './MonthFilter';
import { LIST_PATH, listSearch, monthTitle, PERIOD_PARAM, RIDE_NAME_LENGTH, rideDetailPath, rideWhen, statusClass } from './rides';
import './statement.css';

function RideItem({ ride, search }: { ride: Ride; search: URLSearchParams }) {
  const when = rideWhen(ride.Data);
  return (
    <ListItem>
      <Link to={rideDetailPath(ride, search)}>
        <h3 className="list-item-title">{truncate(ride.Nome, RIDE_NAME_LENGTH)}</h3>
        <p className="list-item-meta">
          <time dateTime={when.dateTime}>{when.text}</time>
        </p>
        {/* Decision: the main amount is ValorLiquido, what the driver receives (the month's total and the deposits add it up); the detail shows every value. */}
        <p className="ride-amount">{formatBRL(ride.ValorLiquido)}</p>
        <p className="list-item-meta">
          <span className={statusClass(ride.Status)}>{ride.Status}</span>
        </p>
      </Link>
    </ListItem>
  );
}

function MonthStatement({ statement, search }: { statement: Statement; search: URLSearchParams }) {
  const monthLabel = formatMonthYear(statement.Mes) || statement.Mes;
  return (
    <>
      <Card title={monthTitle(statement.Mes) || 'Mês'}>
        {/* `Valor` is the server's total, shown as it comes. */}
        <p className="ride-amount">Total do mês: {formatBRL(statement.Valor)}</p>
      </Card>
      {statement.Corridas.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <EarningsChart rides={statement.Corridas} month={statement.Mes} monthLabel={monthLabel} />
          <h2 className="card-title">Corridas</h2>
          <List label="Corridas">
            {statement.Corridas.map((ride, index) => (
              <RideItem key={`${ride.SolicitacaoId}-${index}`} ride={ride} search={search} />
            ))}
          </List>
        </>
      )}
    </>
  );
}

/**
 * /performed-Runs/list?taxiId=… — the current month, or the month in `periodo` (see rides.ts),
 * with its header, total, earnings chart, rides and the month filter. `taxiId` is kept in the
 * URL and passed on to the ride links; no call takes it and the screen works without it.
 */
export function StatementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = searchParams.get(PERIOD_PARAM) ?? '';
  const load = useLoad((signal) => (period ? fetchStatementOfMonth(period, signal) : fetchCurrentStatement(signal)), [period]);

  // The filter keeps the last known periods while another month loads or fails to load.
  const [periods, setPeriods] = useState<string[]>([]);
  const loadedPeriods = load.state.status === 'success' ? load.state.data.Periodos : undefined;
  if (loadedPeriods && loadedPeriods !== periods) setPeriods(loadedPeriods);

  const choose = (value: string) => {
    const next = new URLSearchParams(listSearch(searchParams));
    next.set(PERIOD_PARAM, value);
    setSearchParams(next);
  };
  const currentMonth = new URLSearchParams(listSearch(searchParams));
  currentMonth.delete(PERIOD_PARAM);
  const currentMonthSearch = currentMonth.toString();

  return (
    <Page title="Extrato de corridas" backTo={HOME_PATH}>
      {periods.length > 0 ? <MonthFilter periods={periods} selected={period} onSubmit={choose} /> : null}
      <LoadView {...load}>{(statement) => <MonthStatement statement={statement} search={searchParams} />}</LoadView>
      {load.state.status === 'error' && period ? (
        // A chosen month that cannot be loaded must not trap the driver: the current month is one tap away.
        <ButtonLink variant="link" to={`${LIST_PATH}${currentMonthSearch ? `?${currentMonthSearch}` : ''}`}>
          Ver o mês atual
        </ButtonLink>
      ) : null}
    </Page>
  );
}
