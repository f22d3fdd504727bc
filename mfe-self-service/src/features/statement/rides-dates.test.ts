import type { Ride } from '../../contract';
import { earningsByDay, rideWhen } from './rides';

/**
 * Issue 44, point 3: the statement's days on 29 February and across a midnight of Brazil. What
 * the services recorded is shown in Brasília time (docs/product-rules.md, "Formats";
 * docs/decisions/0018-whose-day-and-29-february.md), so a ride at 23:30 of 29/02 there, already
 * 1 March in UTC, is the 29th's.
 */
const ride = (Data: string, ValorLiquido: number): Ride =>
  ({
    Data,
    SolicitacaoId: 480013,
    Nome: 'Passageiro',
    DataProvisaoPagamento: null,
    ChamadaId: 7700007,
    ValorLiquido,
    Status: 'PAGO',
    Valor: ValorLiquido,
    ValorDesconto: 0,
    TransacaoId: 'TRX-1',
    Mapa: null,
  }) as unknown as Ride;

describe('February 2028 (leap) in the earnings chart', () => {
  it('has 29 days, and a ride at 23:30 of 29/02 in Brazil (02:30 of 01/03 in UTC) is the 29th', () => {
    const result = earningsByDay(
      [ride('2028-03-01T02:30:00Z', 12.5), ride('2028-02-29T00:00:00', 1), ride('2028-03-01T00:00:00', 70)],
      '01/02/2028',
    );
    expect(result.days).toHaveLength(29);
    expect(result.days[28]).toEqual({ day: 29, date: '29/02/2028', cents: 1350, rides: 2 });
    expect(result.outsideMonthCents).toBe(7000);
    expect(earningsByDay([], '01/02/2027').days).toHaveLength(28);
    expect(earningsByDay([], '01/02/2100').days).toHaveLength(28);
    expect(earningsByDay([], '01/04/2026').days).toHaveLength(30);
    expect(earningsByDay([], '01/12/2026').days).toHaveLength(31);
  });

  it('"Hoje" and "Ontem" turn at midnight of 29/02 and 01/03 in Brazil', () => {
    expect(rideWhen('2028-02-29T23:59:00', new Date('2028-02-29T23:59:30-03:00')).text).toBe('Hoje 23:59');
    expect(rideWhen('2028-02-29T23:59:00', new Date('2028-03-01T00:01:00-03:00')).text).toBe('Ontem 23:59');
    expect(rideWhen('2028-02-28T23:59:00', new Date('2028-03-01T00:01:00-03:00')).text).toBe('28/02/2028 23:59');
  });
});
