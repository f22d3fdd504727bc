import { adoptDriverId } from '@driver-portal/shared/session';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { Button, ButtonLink, EmptyState, LoadView, Page } from '@driver-portal/shared/ui';
import { DriverUnknown, useKnownDriver } from '../../driver';
import { CHOOSABLE_MODALITIES, MODALITY_CATEGORY } from '../../format';
import { accountPaths } from '../../paths';
import { changeModality, fetchCurrentModality } from './api';
import { DocumentLinks } from './DocumentLinks';
import './modality.css';

export const MODALITY_TEXTS = {
  confirm: (label: string) => `Mudar a sua modalidade para ${label}?`,
  consequence: 'Você vai precisar enviar os documentos da nova modalidade, e o seu cadastro volta para análise.',
  unknown: 'Modalidade desconhecida.',
  captureNote: 'O envio dos documentos acontece no cadastro; ao terminar, você volta para esta lista.',
  none: 'Nenhuma modalidade cadastrada.',
} as const;

function ModalityChoice({ current, driverId }: { current: number | undefined; driverId: string }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<number | undefined>(current);
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLHeadingElement>(null);
  const legendId = useId();
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  const { run: confirm, running } = useSingleFlight(async (modality: number) => {
    try {
      await changeModality(driverId, modality);
    } catch {
      return; // Alerted in error style; the question stays for another try.
    }
    void navigate(accountPaths.changeModalityDocs(modality));
  });

  if (confirming && choice !== undefined) {
    const label = MODALITY_CATEGORY[choice] ?? String(choice);
    return (
      <section className="modality-confirm" aria-labelledby={legendId}>
        <h2 id={legendId} ref={question} tabIndex={-1}>
          {MODALITY_TEXTS.confirm(label)}
        </h2>
        <p>{MODALITY_TEXTS.consequence}</p>
        <Button className="button-block" onClick={() => void confirm(choice)} aria-disabled={running || undefined}>
          Confirmar alteração
        </Button>
        <Button variant="secondary" className="button-block" onClick={() => setConfirming(false)}>
          Voltar
        </Button>
      </section>
    );
  }

  return (
    <>
      <fieldset className="modality-options">
        <legend>Escolha a modalidade</legend>
        {CHOOSABLE_MODALITIES.map((modality) => (
          <label key={modality} className="modality-option">
            <input type="radio" name="modality" value={modality} checked={choice === modality} onChange={() => setChoice(modality)} />
            <span>{MODALITY_CATEGORY[modality]}</span>
            {modality === current ? <span className="modality-current">(atual)</span> : null}
          </label>
        ))}
      </fieldset>
      {choice === undefined ? (
        <Button className="button-block" disabled>
          Continuar
        </Button>
      ) : choice === current ? (
        // The same modality proceeds directly to its documents.
        <ButtonLink className="button-block" to={accountPaths.changeModalityDocs(choice)}>
          Continuar
        </ButtonLink>
      ) : (
        <Button className="button-block" onClick={() => setConfirming(true)}>
          Continuar
        </Button>
      )}
    </>
  );
}

/**
 * /my-account/change-modality — taxi or private (docs/product-rules.md, "Account"). A different
 * modality asks for confirmation on the page, then PUTs it and opens its documents; the same
 * modality goes straight to its documents.
 */
export function ChangeModalityPage() {
  const { driverId, backTo } = useKnownDriver();
  const load = useLoad((signal) => (driverId ? fetchCurrentModality(driverId, signal) : Promise.resolve(undefined)), [driverId]);
  return (
    <Page title="Alterar modalidade" backTo={backTo}>
      {driverId ? (
        <LoadView {...load} loadingLabel="Carregando a sua modalidade...">
          {(current) => <ModalityChoice current={current} driverId={driverId} />}
        </LoadView>
      ) : (
        <DriverUnknown />
      )}
    </Page>
  );
}

/** /my-account/change-modality-docs/:modalityId — what the (new) modality needs, each leading to its capture screen. */
export function ChangeModalityDocsPage() {
  const { modalityId = '' } = useParams();
  const { driverId, backTo } = useKnownDriver();
  const modality = /^\d+$/.test(modalityId) ? Number(modalityId) : undefined;
  const label = modality === undefined ? undefined : MODALITY_CATEGORY[modality];
  return (
    <Page title="Documentos da modalidade" backTo={backTo}>
      {!driverId ? (
        <DriverUnknown />
      ) : modality !== undefined && label ? (
        <>
          <p>Para a modalidade {label}, envie os documentos abaixo.</p>
          <DocumentLinks modalityType={modality} driverId={driverId} />
          <p className="modality-note">{MODALITY_TEXTS.captureNote}</p>
        </>
      ) : (
        <div className="error-state" role="alert">
          <p>{MODALITY_TEXTS.unknown}</p>
          <Link className="button button-primary" to={accountPaths.changeModality()}>
            Escolher a modalidade
          </Link>
        </div>
      )}
    </Page>
  );
}

/** /my-account/change-docs/:driverId — the documents of the driver's modality, to send again. */
export function ChangeDocsPage() {
  const { driverId = '' } = useParams();
  // The capture flow comes back to this driver's account.
  useEffect(() => adoptDriverId(driverId), [driverId]);
  const load = useLoad((signal) => fetchCurrentModality(driverId, signal), [driverId]);
  return (
    <Page title="Meus documentos" backTo={accountPaths.myAccount(driverId)}>
      <LoadView {...load} loadingLabel="Carregando os seus documentos...">
        {(modality) =>
          modality === undefined ? (
            <EmptyState message={MODALITY_TEXTS.none} />
          ) : (
            <>
              <p>Escolha o documento que você quer enviar de novo.</p>
              <DocumentLinks modalityType={modality} driverId={driverId} />
              <p className="modality-note">{MODALITY_TEXTS.captureNote}</p>
            </>
          )
        }
      </LoadView>
    </Page>
  );
}
