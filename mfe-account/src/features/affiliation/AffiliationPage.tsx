import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useParams } from 'react-router';
import { showSuccess } from '@driver-portal/shared/events';
import { formatDate } from '@driver-portal/shared/format';
import { Button, Page } from '@driver-portal/shared/ui';
import { brazilToday } from '@driver-portal/shared/validation';
import { accountPaths } from '../../paths';
import { sampleAffiliation } from '../../session';
import { parseAffiliation, SAMPLE_COOPERATIVES, type Affiliation, type Cooperative } from './cooperatives';
import './affiliation.css';

export const AFFILIATION_TEXTS = {
  none: 'Você ainda não é filiado a uma cooperativa de táxi.',
  choose: 'Escolher cooperativa',
  chosen: 'Cooperativa escolhida',
  // The product rules name "Rádio Táxi" in this text; the chosen cooperative's name takes its place.
  requested: (name: string) => `Sua solicitação foi encaminhada a ${name}. Seu pedido será analisado.`,
  pending: 'Em análise',
  leaveQuestion: (name: string) => `Desfiliar da ${name}?`,
  left: 'Você não está mais filiado a uma cooperativa.',
  sample: 'Demonstração: cooperativas e datas de exemplo. Nenhuma solicitação é enviada ao provedor ainda.',
} as const;

type Step = { kind: 'none' } | { kind: 'list'; choice?: Cooperative } | { kind: 'selected'; choice: Cooperative } | { kind: 'leaving' };

/** Moves focus to the heading of each new step, so a screen reader hears where the driver is. */
function useFocusOnChange<T>(key: T) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [key]);
  return heading;
}

function CooperativeList({ initial, onSelect }: { initial?: Cooperative; onSelect: (cooperative: Cooperative) => void }) {
  const [choice, setChoice] = useState<Cooperative | undefined>(initial);
  return (
    <>
      <fieldset className="affiliation-options">
        <legend>Escolha a cooperativa</legend>
        {SAMPLE_COOPERATIVES.map((cooperative) => (
          <label key={cooperative.id} className="affiliation-option">
            <input
              type="radio"
              name="cooperative"
              value={cooperative.id}
              checked={choice?.id === cooperative.id}
              onChange={() => setChoice(cooperative)}
            />
            <span>{cooperative.name}</span>
          </label>
        ))}
      </fieldset>
      <Button className="button-block" disabled={!choice} onClick={() => choice && onSelect(choice)}>
        Selecionar
      </Button>
    </>
  );
}

function CurrentAffiliation({ affiliation, onLeave }: { affiliation: Affiliation; onLeave: () => void }) {
  return (
    <>
      <dl className="affiliation-current">
        <div>
          <dt>Cooperativa</dt>
          <dd>{affiliation.name}</dd>
        </div>
        <div>
          <dt>Data da solicitação</dt>
          <dd>{formatDate(affiliation.requestDate)}</dd>
        </div>
        {/* Not active yet: its status, not a date that does not exist. */}
        {affiliation.activateDate ? (
          <div>
            <dt>Data da ativação</dt>
            <dd>{formatDate(affiliation.activateDate)}</dd>
          </div>
        ) : (
          <div>
            <dt>Situação</dt>
            <dd>{AFFILIATION_TEXTS.pending}</dd>
          </div>
        )}
      </dl>
      <Button variant="secondary" className="button-block" onClick={onLeave}>
        Desfiliar
      </Button>
    </>
  );
}

/**
 * /my-account/affiliation/:driverId — a taxi-cooperative affiliation (docs/product-rules.md,
 * "Account"). A mock with no server call: the choice is kept only for the session. No
 * affiliation, the list open, a cooperative selected ("Confirmar" or "Alterar", which reopens
 * the list), then the current affiliation with its dates and "Desfiliar", which asks first.
 */
export function AffiliationPage() {
  const { driverId = '' } = useParams();
  const [affiliation, setAffiliation] = useState(() => parseAffiliation(sampleAffiliation.get()));
  const [step, setStep] = useState<Step>({ kind: 'none' });
  const [notice, setNotice] = useState<string>();
  const heading = useFocusOnChange(`${step.kind}:${affiliation?.id ?? ''}`);
  const headingId = useId();

  const confirm = (cooperative: Cooperative) => {
    const chosen: Affiliation = { id: cooperative.id, name: cooperative.name, requestDate: brazilToday(), activateDate: null };
    sampleAffiliation.set(JSON.stringify(chosen));
    setAffiliation(chosen);
    setStep({ kind: 'none' });
    setNotice(undefined);
    showSuccess(AFFILIATION_TEXTS.requested(cooperative.name));
  };
  const leave = () => {
    sampleAffiliation.set(undefined);
    setAffiliation(undefined);
    setStep({ kind: 'none' });
    setNotice(AFFILIATION_TEXTS.left);
  };

  let title: string;
  let body: ReactElement;
  if (step.kind === 'list') {
    title = 'Cooperativas de táxi';
    body = <CooperativeList initial={step.choice} onSelect={(choice) => setStep({ kind: 'selected', choice })} />;
  } else if (step.kind === 'selected') {
    title = AFFILIATION_TEXTS.chosen;
    body = (
      <>
        <p className="affiliation-name">{step.choice.name}</p>
        <Button className="button-block" onClick={() => confirm(step.choice)}>
          Confirmar
        </Button>
        <Button variant="secondary" className="button-block" onClick={() => setStep({ kind: 'list', choice: step.choice })}>
          Alterar
        </Button>
      </>
    );
  } else if (step.kind === 'leaving' && affiliation) {
    title = AFFILIATION_TEXTS.leaveQuestion(affiliation.name);
    body = (
      <>
        <p>Para voltar a uma cooperativa, você vai precisar pedir a afiliação de novo.</p>
        <Button className="button-block" onClick={leave}>
          Confirmar desfiliação
        </Button>
        <Button variant="secondary" className="button-block" onClick={() => setStep({ kind: 'none' })}>
          Voltar
        </Button>
      </>
    );
  } else if (affiliation) {
    title = 'Sua afiliação';
    body = <CurrentAffiliation affiliation={affiliation} onLeave={() => setStep({ kind: 'leaving' })} />;
  } else {
    title = 'Sem afiliação';
    body = (
      <>
        {/* One message: having just left says more than "not affiliated yet". */}
        {notice ? (
          <p className="affiliation-notice" role="status">
            {notice}
          </p>
        ) : (
          <p>{AFFILIATION_TEXTS.none}</p>
        )}
        <Button className="button-block" onClick={() => setStep({ kind: 'list' })}>
          {AFFILIATION_TEXTS.choose}
        </Button>
      </>
    );
  }

  return (
    <Page title="Afiliação" backTo={accountPaths.myAccount(driverId)}>
      <p className="affiliation-sample">{AFFILIATION_TEXTS.sample}</p>
      <section className="affiliation" aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {body}
      </section>
    </Page>
  );
}
