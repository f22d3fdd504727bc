import { Link, useNavigate, useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showError } from '@driver-portal/shared/events';
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
import { fetchDocuments, sendToReview } from './api';
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
  const load = useLoad((signal) => fetchDocuments(guid, modalityType, signal), [guid, modalityType]);
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
  return (
    <LoadView {...load}>
      {(documents) => {
        const there = (type: number) => isThere(statusOf(documents.get(type)));
        const complete = required.every(there);
        const vehicleMissing = vehicle.filter((type) => !there(type));
        return (
          <>
            <p>{CHECKLIST_TEXTS.intro}</p>
            <DocumentGroup
              title={CHECKLIST_TEXTS.yours}
              types={required.filter((type) => DRIVER_DOCUMENT_TYPES.includes(type))}
              documents={documents}
              modalityType={modalityType}
            />
            <div className="checklist-step">
              {there(0) ? (
                <ButtonLink variant="secondary" className="button-block" to={registerPaths.cnh('new', modalityType)}>
                  {CHECKLIST_TEXTS.licenceData}
                </ButtonLink>
              ) : (
                <p className="checklist-hint">{CHECKLIST_TEXTS.licenceDataHint}</p>
              )}
            </div>
            <DocumentGroup
              title={CHECKLIST_TEXTS.vehicle}
              types={required.filter((type) => !DRIVER_DOCUMENT_TYPES.includes(type))}
              documents={documents}
              modalityType={modalityType}
            />
            <div className="checklist-step">
              {vehicleMissing.length === 0 ? (
                <ButtonLink variant="secondary" className="button-block" to={registerPaths.crlv('new', modalityType)}>
                  {CHECKLIST_TEXTS.vehicleData}
                </ButtonLink>
              ) : (
                <p className="checklist-hint">
                  {CHECKLIST_TEXTS.vehicleDataHint(vehicleMissing.map((type) => DOCUMENT_NAMES[type] ?? String(type)).join(', '))}
                </p>
              )}
            </div>
            {!complete && (
              <p className="checklist-hint" id="submit-hint">
                {CHECKLIST_TEXTS.submitHint}
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
}: {
  title: string;
  types: readonly number[];
  documents: Map<number, DriverDocument>;
  modalityType: number;
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
      </ul>
    </section>
  );
}

/** /register/details-picture/:modalityType/:fileType — how to photograph one document. */
export function InstructionsPage() {
  const params = useParams();
  const modalityType = parseModality(params.modalityType);
  const type = modalityType === undefined ? undefined : parseFileType(params.fileType, modalityType);
  const instructions = type === undefined ? undefined : INSTRUCTIONS[type];
  return (
    <Page
      title={type === undefined ? 'Documento' : (DOCUMENT_NAMES[type] ?? 'Documento')}
      backTo={modalityType === undefined ? registerPaths.modality() : registerPaths.uploadPicture(modalityType)}
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
          <ButtonLink className="button-block" to={capturePath('new', modalityType, type)}>
            {type === 4 ? 'Escolher o PDF' : 'Tirar foto'}
          </ButtonLink>
        </>
      )}
    </Page>
  );
}
