import type { Deposit } from '../../contract';
import { groupDepositsByDate } from './grouping';

/** Issue 44, point 3: deposits are grouped by their day in Brasília time, across a midnight and on 29 February. */
describe('deposits grouped by day across midnight', () => {
  it('a deposit at 23:59 of 31/12/2026 in Brazil (02:59 of 01/01/2027 in UTC) is the 31st; one a minute after midnight is 01/01/2027', () => {
    const deposit = (Data: string, Valor: number) => ({ Data, Valor, Servico: { product: 0 }, Corridas: [] }) as unknown as Deposit;
    const groups = groupDepositsByDate([
      deposit('2027-01-01T02:59:00Z', 10),
      deposit('2027-01-01T03:01:00Z', 20),
      deposit('2028-03-01T02:00:00Z', 5),
    ]);
    expect(groups.map((group) => [group.label, group.total])).toEqual([
      ['29/02/2028', 5],
      ['01/01/2027', 20],
      ['31/12/2026', 10],
    ]);
  });
});
