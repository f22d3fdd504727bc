import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatBRL, formatDateTime } from '@driver-portal/shared/format';
import { EmptyState, List, ListItem } from '@driver-portal/shared/ui';
import type { DepositGroup, DepositView } from './grouping';
import './deposits.css';

function DepositDetails({ deposit }: { deposit: DepositView }) {
  const when = formatDateTime(deposit.data) || 'data não informada';
  return (
    <div className="card">
      <h3 className="card-title">Depósito de {when}</h3>
      <dl className="details">
        <dt>Valor do depósito</dt>
        <dd>{formatBRL(deposit.valor)}</dd>
        <dt>Taxa de serviço</dt>
        <dd>{formatBRL(deposit.taxa)}</dd>
      </dl>
      {deposit.corridas.length === 0 ? (
        <EmptyState />
      ) : (
        <List label={`Corridas do depósito de ${when}`}>
          {deposit.corridas.map((ride, index) => (
            <ListItem key={`${ride.TransacaoId}-${index}`}>
              <p className="list-item-title">Transação {ride.TransacaoId || 'não informada'}</p>
              <p className="list-item-meta">Valor: {formatBRL(ride.Valor)}</p>
            </ListItem>
          ))}
        </List>
      )}
    </div>
  );
}

/**
 * The deposits grouped by day, as an accordion (WAI-ARIA accordion pattern): each day is a
 * heading holding a button with aria-expanded and aria-controls, whose panel is a region
 * labelled by that button. Enter and Space toggle (native button); ArrowDown/ArrowUp move to the
 * next/previous day, Home/End to the first/last. Several days may be open at once.
 *
 * Decision (the specification is silent): the first (newest) day starts open, because the
 * latest deposit is what a driver opens this screen for; the others start closed.
 */
export function DepositsAccordion({ groups }: { groups: DepositGroup[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(groups[0] ? [groups[0].label] : []));
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);

  const toggle = (label: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = groups.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? (index + 1) % groups.length
        : event.key === 'ArrowUp'
          ? (index - 1 + groups.length) % groups.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    triggers.current[target]?.focus();
  };

  return (
    <div className="accordion">
      {groups.map((group, index) => {
        const expanded = open.has(group.label);
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div className="accordion-item" key={group.label}>
            <h2 className="accordion-heading">
              <button
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                id={triggerId}
                type="button"
                className="button button-secondary button-block accordion-trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(group.label)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span className="accordion-date">{group.label}</span> <span className="accordion-amount">{formatBRL(group.total)}</span>
                <span className="accordion-icon" aria-hidden="true">
                  {expanded ? '▲' : '▼'}
                </span>
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={triggerId} className="accordion-panel" hidden={!expanded}>
              {expanded ? group.deposits.map((deposit, position) => <DepositDetails key={position} deposit={deposit} />) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
