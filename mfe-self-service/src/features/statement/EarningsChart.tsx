import type { Ride } from '../../contract';
import { formatBRL } from '@driver-portal/shared/format';
import { Card } from '@driver-portal/shared/ui';
import { earningsByDay } from './rides';

// Drawing area in SVG units; the SVG scales to the card's width (class earnings-chart).
const WIDTH = 320;
const HEIGHT = 140;
const TOP = 8;
/** Room at each side, so the first and last day numbers are not cut. */
const SIDE = 8;
const BASELINE = 118;

const money = (cents: number) => formatBRL(cents / 100);
const round = (value: number) => Math.round(value * 100) / 100;

export interface EarningsChartProps {
  rides: Ride[];
  /** The statement's `Mes` (01/MM/YYYY). */
  month: string;
  /** "novembro de 2026", in lower case: the chart's summary and caption use it inside a sentence. */
  monthLabel: string;
}

/**
 * The month's earnings by day as an inline SVG bar chart (no library, no inline styles: sizes
 * are SVG attributes, colours the design tokens through the chart-* classes of portal.css). Screen readers get a summary (role="img" and
 * its aria-label) and a visually hidden table of the values per day.
 */
export function EarningsChart({ rides, month, monthLabel }: EarningsChartProps) {
  const { days, totalCents, best, reversedCents, outsideMonthCents } = earningsByDay(rides, month);
  /*
   * Decision: the card above shows the server's `Valor` as it comes (the service is the authority
   * on the month's total, and it adds up every ride, reversed ones included), while the chart
   * counts earnings and leaves reversed rides out. Rather than two totals that silently disagree,
   * the chart's summary names what it leaves out, so the two add up when heard one after the
   * other: "total de R$ 155,60, sem R$ 100,00 de corridas estornadas" under "Total do mês: R$ 255,60".
   */
  const leftOut = [
    reversedCents > 0 ? `${money(reversedCents)} de corridas estornadas` : '',
    outsideMonthCents > 0 ? `${money(outsideMonthCents)} de corridas fora do mês` : '',
  ].filter(Boolean);
  const total = `total de ${money(totalCents)}${leftOut.length > 0 ? `, sem ${leftOut.join(' e ')}` : ''}`;
  const label = best
    ? `Ganhos por dia em ${monthLabel}: ${total}; melhor dia ${best.date}, com ${money(best.cents)}.`
    : `Ganhos por dia em ${monthLabel}: nenhum ganho no mês${leftOut.length > 0 ? `, sem ${leftOut.join(' e ')}` : ''}.`;
  const max = best?.cents ?? 0;
  const counted = days.filter((day) => day.rides > 0);
  const slot = (WIDTH - 2 * SIDE) / Math.max(1, days.length);
  const barWidth = Math.max(1, slot * 0.7);
  const plot = BASELINE - TOP;
  // Day numbers under the axis: the 1st, every 5th and the last day (every day when there are few).
  const labelled = (index: number) => days.length <= 10 || index === 0 || index === days.length - 1 || (days[index]?.day ?? 0) % 5 === 0;

  return (
    <Card title="Ganhos por dia">
      <svg className="earnings-chart" role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%">
        <line className="chart-axis" x1={0} y1={BASELINE} x2={WIDTH} y2={BASELINE} />
        {days.map((day, index) => {
          // A day with earnings always shows at least a sliver of a bar.
          const height = max > 0 && day.cents > 0 ? Math.max(2, (day.cents / max) * plot) : 0;
          const x = SIDE + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              {height > 0 ? (
                <rect
                  data-date={day.date}
                  x={round(x)}
                  y={round(BASELINE - height)}
                  width={round(barWidth)}
                  height={round(height)}
                  className={day === best ? 'chart-bar chart-bar-best' : 'chart-bar'}
                />
              ) : null}
              {labelled(index) ? (
                <text className="chart-label" x={round(SIDE + index * slot + slot / 2)} y={HEIGHT - 6} textAnchor="middle">
                  {day.day}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="list-item-meta">
        {best ? `Melhor dia: ${best.date} (${money(best.cents)}). ` : 'Nenhum ganho no mês. '}
        {/* Decision: a reversed ride's money went back, so it is not an earning. */}
        Corridas estornadas não entram no gráfico.
        {reversedCents > 0 ? ` Estornadas neste mês: ${money(reversedCents)}.` : null}
      </p>
      {counted.length > 0 ? (
        <table className="visually-hidden">
          <caption>Ganhos por dia em {monthLabel}</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Corridas</th>
              <th scope="col">Ganhos</th>
            </tr>
          </thead>
          <tbody>
            {counted.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                <td>{day.rides}</td>
                <td>{money(day.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Card>
  );
}
