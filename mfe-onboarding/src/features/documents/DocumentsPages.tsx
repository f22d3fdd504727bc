import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showError } from '@driver-portal/shared/events';
import { useJourney } from '@driver-portal/shared/journey';
import { Button, ButtonLink, LoadView, Page } from '@driver-portal/shared/ui';
import type { DriverDocument } from '../../contract';
import {
  capturePath,
  DOCUMENT_NAMES,
  DRIVER_DOCUMENT_TYPES,
  isThere,
  MODALITY_DOCUMENT_TYPES,
  parseFileType,
  parseModality,
  statusOf,
  VEHICLE_DOCUMENTS,
} from '../../documents';
import { DriverUnknown } from '../../driver';
import { registerPaths } from '../../paths';
import { registeringDriver } from '../../session';
import { sendToReview } from '../../licence-review';
import { fetchChecklist, remainingOf } from '../../progress';
import { CHECKLIST_TEXTS, INSTRUCTIONS, PHOTO_TIPS, STATUS_TEXTS } from './texts';
import './documents.css';

function InvalidModality() {
  return (
    <div className="error-state" role="alert">
      <p>Modalidade inválida.</p>
      <Link className="button button-primary" to={registerPaths.modality()}>
        Escolher a modalidade
      </Link>
    </div>
  );
}

/** /register/upload-picture/:modalityType — the documents of the modality, their status, and the submit. */
export function ChecklistPage() {
  const modalityType = parseModality(useParams().modalityType);
  const guid = registeringDriver();
  let body = <DriverUnknown />;
  if (modalityType === undefined) body = <InvalidModality />;
  else if (guid) body = <Checklist guid={guid} modalityType={modalityType} />;
  return (
    <Page
      title={CHECKLIST_TEXTS.title}
      backTo={modalityType === undefined ? registerPaths.modality() : registerPaths.address('new', modalityType)}
    >
      {body}
    </Page>
  );
}

function Checklist({ guid, modalityType }: { guid: string; modalityType: number }) {
  const navigate = useNavigate();
  const load = useLoad((signal) => fetchChecklist(guid, modalityType, signal), [guid, modalityType]);
  const { run: submit, running } = useSingleFlight(async () => {
    try {
      await sendToReview(guid, modalityType);
    } catch {
      showError(CHECKLIST_TEXTS.failure);
      return;
    }
    void navigate(registerPaths.nextSteps());
  });
  const required = MODALITY_DOCUMENT_TYPES[modalityType] ?? [];
  const vehicle = VEHICLE_DOCUMENTS[modalityType] ?? [];
  const nameOf = (type: number) => DOCUMENT_NAMES[type] ?? String(type);
  return (
    <LoadView {...load}>
      {(data) => {
        const { documents, licenceFilled, vehicleFilled } = data;
        const there = (type: number) => isThere(statusOf(documents.get(type)));
        const vehicleMissing = vehicle.filter((type) => !there(type));
        // Every document sent and not rejected, and the licence and vehicle data sent (docs/product-rules.md, "Documents and capture").
        // The same rule as the review's: every document sent and not rejected, and the licence and vehicle data sent.
        const missing = remainingOf(data, modalityType).map((item) => item.name);
        const complete = missing.length === 0;
        return (
          <>
            <p>{CHECKLIST_TEXTS.intro}</p>
            <DocumentGroup
              title={CHECKLIST_TEXTS.yours}
              types={required.filter((type) => DRIVER_DOCUMENT_TYPES.includes(type))}
              documents={documents}
              modalityType={modalityType}
            >
              <DataRow
                name={CHECKLIST_TEXTS.licenceData}
                filled={licenceFilled}
                to={there(0) ? registerPaths.cnh('new', modalityType) : undefined}
                hint={CHECKLIST_TEXTS.licenceDataHint}
              />
            </DocumentGroup>
            <DocumentGroup
              title={CHECKLIST_TEXTS.vehicle}
              types={required.filter((type) => !DRIVER_DOCUMENT_TYPES.includes(type))}
              documents={documents}
              modalityType={modalityType}
            >
              <DataRow
                name={CHECKLIST_TEXTS.vehicleData}
                filled={vehicleFilled}
                to={vehicleMissing.length === 0 ? registerPaths.crlv('new', modalityType) : undefined}
                hint={CHECKLIST_TEXTS.vehicleDataHint(vehicleMissing.map(nameOf).join(', '))}
              />
            </DocumentGroup>
            {!complete && (
              <p className="checklist-hint" id="submit-hint">
                {CHECKLIST_TEXTS.submitHint(missing)}
              </p>
            )}
            <Button
              className="button-block"
              disabled={!complete}
              aria-describedby={complete ? undefined : 'submit-hint'}
              aria-disabled={running || undefined}
              onClick={() => void submit()}
            >
              {CHECKLIST_TEXTS.submit}
            </Button>
          </>
        );
      }}
    </LoadView>
  );
}

function DocumentGroup({
  title,
  types,
  documents,
  modalityType,
  children,
}: {
  title: string;
  types: readonly number[];
  documents: Map<number, DriverDocument>;
  modalityType: number;
  children?: ReactNode;
}) {
  if (types.length === 0) return null;
  return (
    <section className="checklist-group" aria-label={title}>
      <h2>{title}</h2>
      <ul className="checklist">
        {types.map((type) => {
          const status = statusOf(documents.get(type));
          const name = DOCUMENT_NAMES[type] ?? String(type);
          return (
            <li key={type} className={`checklist-item checklist-${status}`}>
              <Link className="checklist-link" to={registerPaths.detailsPicture(modalityType, type)}>
                <span className="checklist-name">{name}</span>
                <span className="checklist-status">{STATUS_TEXTS[status]}</span>
              </Link>
            </li>
          );
        })}
        {children}
      </ul>
    </section>
  );
}

/**
 * The licence or vehicle data as a row of the checklist: filled or not, a link to its form once
 * the documents it is read from are there (`to`), else the hint saying which to send first.
 */
function DataRow({ name, filled, to, hint }: { name: string; filled: boolean; to: string | undefined; hint: string }) {
  const content = (
    <>
      <span className="checklist-name">{name}</span>
      <span className="checklist-status">{filled ? CHECKLIST_TEXTS.dataFilled : CHECKLIST_TEXTS.dataMissing}</span>
    </>
  );
  return (
    <li className={`checklist-item checklist-data ${filled ? 'checklist-aproved' : 'checklist-none'}`}>
      {to ? (
        <Link className="checklist-link" to={to}>
          {content}
        </Link>
      ) : (
        <>
          <p className="checklist-link checklist-locked">{content}</p>
          <p className="checklist-hint">{hint}</p>
        </>
      )}
    </li>
  );
}

/**
 * /register/details-picture/:modalityType/:fileType — how to photograph one document. In a
 * journey from My account (change a document: a return address in the query) the photo is sent
 * again (the edit flow) and the way back is where the journey started.
 */
export function InstructionsPage() {
  const params = useParams();
  const journey = useJourney();
  const modalityType = parseModality(params.modalityType);
  const type = modalityType === undefined ? undefined : parseFileType(params.fileType, modalityType);
  const instructions = type === undefined ? undefined : INSTRUCTIONS[type];
  const flow = journey.returnTo ? 'edit' : 'new';
  return (
    <Page
      title={type === undefined ? 'Documento' : (DOCUMENT_NAMES[type] ?? 'Documento')}
      backTo={modalityType === undefined ? registerPaths.modality() : (journey.returnTo ?? registerPaths.uploadPicture(modalityType))}
    >
      {modalityType === undefined || type === undefined || !instructions ? (
        <InvalidModality />
      ) : (
        <>
          <p>{instructions.intro}</p>
          <ul className="checklist-tips">
            {[...instructions.tips, ...(type === 4 ? [] : PHOTO_TIPS)].map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <ButtonLink className="button-block" to={journey.carry(capturePath(flow, modalityType, type))}>
            {type === 4 ? 'Escolher o PDF' : 'Tirar foto'}
          </ButtonLink>
        </>
      )}
    </Page>
  );
}
