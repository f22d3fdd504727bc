/**
 * One line of a details list: its label, its value, and how the value is laid out: `whole` stays
 * on one line (amounts, numbers, dates), `id` too, in a size that fits a long identifier.
 */
export type DetailRow = [label: string, value: string, layout?: 'whole' | 'id'];

/**
 * Label above value (docs/product-rules.md, "Insurance and card": the home at 412 px). In two
 * columns a long label ("Acidentes pessoais de passageiros") left its value a column of single
 * words ("R$ / 100 / mil no / total"); amounts and numbers (`whole`) never break inside.
 */
export function DetailsList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="insurance-details">
      {rows.map(([label, value, layout]) => (
        <div key={label} className="insurance-details-row">
          <dt>{label}</dt>
          <dd className={layout === 'id' ? 'value-whole value-id' : layout === 'whole' ? 'value-whole' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
