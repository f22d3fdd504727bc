import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { getConfig } from '@driver-portal/shared/config';
import { useLoad } from '@driver-portal/shared/data';
import { onlyDigits } from '@driver-portal/shared/format';
import { showError } from '@driver-portal/shared/events';
import { ApiError } from '@driver-portal/shared/http';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, ButtonLink, ErrorState, LoadView, Page } from '@driver-portal/shared/ui';
import type { DriverDocument } from '../../contract';
import { capturePath, DOCUMENT_NAMES, MODALITY_DOCUMENT_TYPES, parseModality, statusOf } from '../../documents';
import { documentPaths, rejectedReason, rejectionReason, sendToReview } from '../../licence-review';
import { registeringDriver } from '../../session';
import { fetchChecklist, remainingOf, withDocumentNames, type Remaining } from '../../progress';
import { fetchWorkflowModality } from './api';
import './review.css';

export const REVIEW_TEXTS = {
  title: 'Análise dos documentos',
  intro: 'A análise pode levar até 7 dias úteis. Acompanhe aqui a situação de cada documento.',
  created: 'Aguarde...',
  analysing: 'Estamos analisando seu documento.',
  approved: 'Documento Aprovado',
  rejected: 'Reenviar documento',
  // Ours: a document the driver never sent.
  none: 'Documento não enviado.',
  send: 'Enviar documento',
  queueFailed: 'erro ao enviar os dados.',
  queueRetry: 'Enviar para análise novamente',
  rejectedTitle: 'Documento recusado',
  resend: 'Enviar novamente',
  support: 'Fale com o suporte:',
  // Ours: no support phone configured for this environment (docs/product-rules.md, "Document review").
  supportInApp: 'Para falar com o suporte, use a opção de ajuda do aplicativo.',
  invalidPath: 'Endereço inválido.',
  // Ours: the review waits for these before it can start again.
  remainingTitle: 'Para a análise continuar, falta:',
} as const;

function DocumentRow({ type, document, modalityType }: { type: number; document: DriverDocument | undefined; modalityType: number }) {
  const [open, setOpen] = useState(false);
  const status = statusOf(document);
  const name = DOCUMENT_NAMES[type] ?? `Documento ${type}`;
  const nameId = `review-document-${type}`;
  let action;
  if (status === 'aproved') action = <p className="review-approved">{REVIEW_TEXTS.approved}</p>;
  else if (status === 'created') {
    action = (
      <>
        <Button variant="secondary" aria-expanded={open} aria-describedby={nameId} onClick={() => setOpen((value) => !value)}>
          {REVIEW_TEXTS.created}
        </Button>
        <p className="review-analysing" role="status">
          {open ? REVIEW_TEXTS.analysing : null}
        </p>
      </>
    );
  } else if (status === 'rejected') {
    const reasonId = document?.rejectedReasonId ?? -1;
    action = (
      <ButtonLink
        to={documentPaths.rejected(reasonId, modalityType, type)}
        aria-describedby={nameId}
        onClick={() => rejectedReason.set(String(reasonId))}
      >
        {REVIEW_TEXTS.rejected}
      </ButtonLink>
    );
  } else {
    action = (
      <>
        <p className="review-none">{REVIEW_TEXTS.none}</p>
        <ButtonLink variant="secondary" to={capturePath('edit', modalityType, type)} aria-describedby={nameId}>
          {REVIEW_TEXTS.send}
        </ButtonLink>
      </>
    );
  }
  return (
    <li className="review-document">
      <p id={nameId} className="review-document-name">
        {name}
      </p>
      {action}
    </li>
  );
}

interface Review {
  modalityType: number;
  documents: Map<number, DriverDocument>;
  /** What the review still waits for (missing or rejected documents, data not sent). */
  remaining: Remaining[];
  /** The review queue was asked for (startFlow) and the call failed: it can be tried again. */
  queueError?: ApiError;
}

/**
 * /register/review-docs/:driverId (optional ?startFlow=true) — each document of the modality
 * with its status, and what the review still waits for, by name, with a way to each. With
 * startFlow (after data or a rejected document was sent again) the modality's documents are sent
 * to review (send-queue-workflow) once nothing is missing or rejected any more: while something
 * is, restarting the queue cannot succeed, so it is not asked for. The parameter is then removed,
 * so a reload does not send them again.
 */
export function ReviewDocsPage() {
  const { driverId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const startFlow = useRef(search.get('startFlow') === 'true');
  const load = useLoad(
    async (signal): Promise<Review> => {
      const modalityType = await fetchWorkflowModality(driverId, signal);
      let progress = await fetchChecklist(driverId, modalityType, signal);
      let queueError: ApiError | undefined;
      if (startFlow.current && remainingOf(progress, modalityType).length === 0) {
        try {
          await sendToReview(driverId, modalityType);
          startFlow.current = false;
          // Read again: the statuses shown are the ones the restarted queue gave.
          progress = await fetchChecklist(driverId, modalityType, signal);
        } catch (error) {
          queueError = error instanceof ApiError ? error : undefined;
          showError(REVIEW_TEXTS.queueFailed, { message: queueError ? withDocumentNames(queueError.message) : undefined });
        }
      } else startFlow.current = false;
      return { modalityType, documents: progress.documents, remaining: remainingOf(progress, modalityType), queueError };
    },
    [driverId],
  );
  const settled = load.state.status === 'success' && !load.state.data.queueError;
  useEffect(() => {
    if (settled && search.get('startFlow') !== null) {
      const next = new URLSearchParams(search);
      next.delete('startFlow');
      setSearch(next, { replace: true });
    }
  }, [settled, search, setSearch]);
  return (
    <Page title={REVIEW_TEXTS.title} backTo={HOME_PATH}>
      <LoadView {...load}>
        {({ modalityType, documents, remaining, queueError }) => (
          <>
            {queueError ? (
              <div className="error-state" role="alert">
                <p>{REVIEW_TEXTS.queueFailed}</p>
                <Button variant="secondary" onClick={load.reload}>
                  {REVIEW_TEXTS.queueRetry}
                </Button>
              </div>
            ) : null}
            <p>{REVIEW_TEXTS.intro}</p>
            {remaining.length > 0 ? <StillMissing remaining={remaining} /> : null}
            <ul className="review-documents" aria-label="Documentos">
              {(MODALITY_DOCUMENT_TYPES[modalityType] ?? []).map((type) => (
                <DocumentRow key={type} type={type} modalityType={modalityType} document={documents.get(type)} />
              ))}
            </ul>
          </>
        )}
      </LoadView>
    </Page>
  );
}

/** What the review waits for, each with the way to it (or what must come first). */
function StillMissing({ remaining }: { remaining: Remaining[] }) {
  return (
    <section className="review-remaining" aria-labelledby="review-remaining-title">
      <h2 id="review-remaining-title">{REVIEW_TEXTS.remainingTitle}</h2>
      <ul>
        {remaining.map((item) => (
          <li key={item.name}>
            {item.to ? <Link to={item.to}>{item.name}</Link> : <span>{item.name}</span>}
            {item.first ? <span className="review-remaining-hint"> {item.first}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How to reach support: the provider's phones where the deployment configures them (runtime
 * configuration, `supportPhones`), else the app's help channel, never a made-up number.
 */
function SupportContact() {
  const phones = getConfig().supportPhones ?? [];
  if (phones.length === 0) return <p>{REVIEW_TEXTS.supportInApp}</p>;
  return (
    <>
      <p>{REVIEW_TEXTS.support}</p>
      <ul className="support-phones">
        {phones.map((item) => (
          <li key={`${item.label} ${item.phone}`}>
            {item.label}: <a href={`tel:${onlyDigits(item.phone)}`}>{item.phone}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /register/details-doc-rejected/:rejectedReasonId/:modalityType/:fileType — why the document
 * was rejected, then its capture screen in the edit flow. A name or CPF mismatch shows the
 * support phones.
 */
export function RejectedDetailPage() {
  const params = useParams();
  const modalityType = parseModality(params.modalityType);
  const fileType = Number(params.fileType);
  const reasonId = Number(params.rejectedReasonId);
  const valid =
    modalityType !== undefined && Number.isInteger(fileType) && DOCUMENT_NAMES[fileType] !== undefined && Number.isInteger(reasonId);
  useEffect(() => {
    if (valid) rejectedReason.set(String(reasonId));
  }, [valid, reasonId]);
  const guid = registeringDriver();
  const backTo = guid ? documentPaths.reviewDocs(guid) : HOME_PATH;
  if (!valid) {
    return (
      <Page title={REVIEW_TEXTS.rejectedTitle} backTo={backTo}>
        <ErrorState message={REVIEW_TEXTS.invalidPath} />
      </Page>
    );
  }
  const reason = rejectionReason(fileType, reasonId);
  return (
    <Page title={REVIEW_TEXTS.rejectedTitle} backTo={backTo}>
      <h2 className="review-document-name">{DOCUMENT_NAMES[fileType]}</h2>
      <p>{reason.text}</p>
      {reason.support ? <SupportContact /> : null}
      <ButtonLink className="button-block" to={capturePath('edit', modalityType, fileType)}>
        {REVIEW_TEXTS.resend}
      </ButtonLink>
    </Page>
  );
}
