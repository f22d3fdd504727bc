import { useState, type ChangeEvent } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { useJourney } from '@driver-portal/shared/journey';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import { afterPhoto, isFlow, type Flow } from '../../document-flow';
import { hasCrlvReading, readChosenCrlv } from '../../crlv-reading';
import { DOCUMENT_NAMES, parseFileType, parseModality } from '../../documents';
import { DriverUnknown } from '../../driver';
import { rejectedReason, rejectionReason } from '../../licence-review';
import { registerPaths } from '../../paths';
import { fetchFacePolicy, registeringDriver } from './api';
import { checkPdf, FileProblem } from './image';
import { dropPending, loadPending, savePending } from './pending';
import { CAPTURE_TEXTS, PhotoReview, PhotoSource, SlotProblem, UploadProgress, usePhotoSlot, useUpload } from './parts';
import { failureText, sendDocument, slotKey } from './send';
import './capture.css';

const INVALID_TEXT = 'Documento inválido para esta modalidade.';

/** The path's flow, modality and document, or undefined when one is not valid. */
function useCaptureParams() {
  const params = useParams();
  const modalityType = parseModality(params.modalityType);
  const flow = isFlow(params.flow) ? params.flow : undefined;
  const documentType = modalityType === undefined ? undefined : parseFileType(params.fileType, modalityType);
  return { flow, modalityType, documentType, last: params.last };
}

function Invalid({ modalityType }: { modalityType?: number }) {
  return (
    <div className="error-state" role="alert">
      <p>{INVALID_TEXT}</p>
      <a
        className="button button-primary"
        href={modalityType === undefined ? registerPaths.modality() : registerPaths.uploadPicture(modalityType)}
      >
        Voltar aos documentos
      </a>
    </div>
  );
}

/**
 * In the edit flow, why the photo being replaced was refused (the reason the review stored when
 * the driver tapped "Reenviar documento"), so the new photo does not repeat the mistake.
 */
function RefusedBecause({ flow, documentType }: { flow?: string; documentType?: number }) {
  const stored = rejectedReason.get();
  const reasonId = stored === undefined ? Number.NaN : Number(stored);
  if (flow !== 'edit' || documentType === undefined || !Number.isInteger(reasonId)) return null;
  return (
    <div className="capture-refused" role="note" aria-label="Motivo da recusa">
      <strong>Por que a foto anterior foi recusada</strong>
      <p>{rejectionReason(documentType, reasonId).text}</p>
    </div>
  );
}

/**
 * Where a screen goes once its document is sent (document-flow.ts): its data form, carrying the
 * journey, or the end of the flow (the journey's return address first). The sent screen is
 * replaced in history: back never reopens a camera whose photo is gone. In the edit flow the
 * refused photo is replaced, so its stored reason is forgotten.
 */
function useLeaveAfterSent(flow: Flow, guid: string, modalityType: number) {
  const navigate = useNavigate();
  const journey = useJourney();
  return (documentType: number) => {
    if (flow === 'edit') rejectedReason.set(undefined);
    const next = afterPhoto(flow, modalityType, documentType, guid, journey.returnTo !== undefined);
    if (next.endsFlow) journey.finish(next.to);
    else void navigate(journey.carry(next.to), { replace: true });
  };
}

/**
 * The capture screen's way back: to the document's instructions, where the driver came from
 * (in a journey from My account, carrying it); in the edit flow from the review, to the review.
 */
function useBackOf(guid: string | undefined, flow: string | undefined, modalityType?: number, documentType?: number): string {
  const journey = useJourney();
  if (modalityType === undefined) return registerPaths.modality();
  if (flow === 'edit' && journey.returnTo === undefined && guid) return registerPaths.reviewDocs(guid);
  if (documentType === undefined) return registerPaths.uploadPicture(modalityType);
  return journey.carry(registerPaths.detailsPicture(modalityType, documentType));
}

/** /register/camera/:flow/:modalityType/:fileType — one photo, review and retake; the CRLV as a PDF. */
export function CameraPage() {
  const { flow, modalityType, documentType } = useCaptureParams();
  const { search } = useLocation();
  const guid = registeringDriver();
  const title = documentType === undefined ? 'Documento' : (DOCUMENT_NAMES[documentType] ?? 'Documento');
  const backTo = useBackOf(guid, flow, modalityType, documentType);
  let body;
  if (!guid) body = <DriverUnknown />;
  else if (flow === undefined || modalityType === undefined || documentType === undefined) body = <Invalid modalityType={modalityType} />;
  else if (documentType === 0) return <Navigate to={{ pathname: registerPaths.maskCamera(flow, modalityType, 0), search }} replace />;
  else if (documentType === 2) return <Navigate to={{ pathname: registerPaths.selfie(flow, modalityType, 2), search }} replace />;
  else if (documentType === 4) body = <PdfUpload guid={guid} flow={flow} modalityType={modalityType} />;
  else body = <SinglePhoto guid={guid} flow={flow} modalityType={modalityType} documentType={documentType} name={title} />;
  return (
    <Page title={title} backTo={backTo}>
      <RefusedBecause flow={flow} documentType={documentType} />
      {body}
    </Page>
  );
}

interface SlotProps {
  guid: string;
  flow: Flow;
  modalityType: number;
}

function SinglePhoto({ guid, flow, modalityType, documentType, name }: SlotProps & { documentType: number; name: string }) {
  const leave = useLeaveAfterSent(flow, guid, modalityType);
  const slot = usePhotoSlot(slotKey(guid, modalityType, documentType));
  const { state, send } = useUpload();
  const submit = async () => {
    const photo = slot.photo;
    if (!photo) return;
    const sent = await send((progress) => sendDocument(guid, modalityType, documentType, { content: photo.blob }, progress));
    if (!sent) return;
    await slot.drop();
    leave(documentType);
  };
  return (
    <>
      <SlotProblem problem={slot.problem} />
      {slot.phase === 'take' && (
        <PhotoSource facing="environment" frame="document" label={name} onPicked={(blob) => void slot.take(blob)} />
      )}
      {(slot.phase === 'checking' || slot.phase === 'loading') && <p className="capture-status">{CAPTURE_TEXTS.checking}</p>}
      {slot.phase === 'review' && slot.photo && (
        <>
          <PhotoReview photo={slot.photo} alt={`Foto: ${name}`} onRetake={() => void slot.retake()} />
          <UploadProgress state={state} failure={failureText(documentType)} onRetry={() => void submit()} />
          {slot.sendable && state.status === 'idle' && (
            <Button className="button-block" onClick={() => void submit()}>
              {slot.photo.issues.length > 0 ? CAPTURE_TEXTS.sendAnyway : 'Enviar foto'}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/**
 * The CRLV: only a PDF, checked (type, first bytes, size) before anything is sent. A PDF that
 * passes is also read on the phone, in the background, for the vehicle form (decision 0029): the
 * upload neither waits for nor depends on it.
 */
function PdfUpload({ guid, flow, modalityType }: SlotProps) {
  const leave = useLeaveAfterSent(flow, guid, modalityType);
  const key = slotKey(guid, modalityType, 4);
  const [file, setFile] = useState<Blob>();
  const [problem, setProblem] = useState<string>();
  const { state, send } = useUpload();
  const load = useLoad(async () => {
    const pending = await loadPending(key);
    if (pending) setFile(pending.blob);
    // Chosen before a reload that stopped its reading: read again.
    if (pending && !hasCrlvReading(guid, modalityType)) readChosenCrlv(guid, modalityType, pending.blob);
    return true;
  }, [key]);
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setProblem(undefined);
    try {
      await checkPdf(chosen);
      setFile(chosen);
      readChosenCrlv(guid, modalityType, chosen);
      await savePending(key, { blob: chosen, issues: [], flaggedTries: 0 });
    } catch (error) {
      setProblem(error instanceof FileProblem ? error.message : String(error));
    }
  };
  const submit = async () => {
    if (!file) return;
    const sent = await send((progress) => sendDocument(guid, modalityType, 4, { content: file }, progress));
    if (!sent) return;
    await dropPending(key);
    leave(4);
  };
  return (
    <LoadView {...load}>
      {() => (
        <>
          <p>Envie o CRLV digital em PDF (até 2 MB), baixado do aplicativo Carteira Digital de Trânsito.</p>
          <SlotProblem problem={problem} />
          <label className="button button-secondary button-block capture-file">
            {file ? 'Escolher outro PDF' : 'Escolher o PDF do CRLV'}
            <input className="capture-file-input" type="file" accept="application/pdf,.pdf" onChange={(event) => void picked(event)} />
          </label>
          {file && (
            <p className="capture-file-chosen">
              PDF escolhido: {file instanceof File ? file.name : 'crlv.pdf'} ({Math.max(1, Math.round(file.size / 1024))} KB)
            </p>
          )}
          <UploadProgress state={state} failure={failureText(4)} onRetry={() => void submit()} />
          {file && state.status === 'idle' && (
            <Button className="button-block" onClick={() => void submit()}>
              Enviar documento
            </Button>
          )}
        </>
      )}
    </LoadView>
  );
}

/** /register/mask-camera/:flow/:modalityType/:fileType — the licence: front, back, final review, one upload. */
export function MaskCameraPage() {
  const { flow, modalityType, documentType } = useCaptureParams();
  const guid = registeringDriver();
  const backTo = useBackOf(guid, flow, modalityType, 0);
  let body;
  if (!guid) body = <DriverUnknown />;
  else if (flow === undefined || modalityType === undefined || documentType !== 0) body = <Invalid modalityType={modalityType} />;
  else body = <LicenceSides guid={guid} flow={flow} modalityType={modalityType} />;
  return (
    <Page title={DOCUMENT_NAMES[0] ?? 'CNH'} backTo={backTo}>
      <RefusedBecause flow={flow} documentType={documentType} />
      {body}
    </Page>
  );
}

const SIDE_NAMES = { front: 'frente da CNH', back: 'verso da CNH' } as const;

function LicenceSides({ guid, flow, modalityType }: SlotProps) {
  const leave = useLeaveAfterSent(flow, guid, modalityType);
  const front = usePhotoSlot(slotKey(guid, modalityType, 0, 'front'));
  const back = usePhotoSlot(slotKey(guid, modalityType, 0, 'back'));
  const [chosen, setStep] = useState<'front' | 'back' | 'final'>();
  const loaded = front.phase !== 'loading' && back.phase !== 'loading';
  const frontKept = front.restored && front.sendable;
  // A reload keeps the sides taken: both kept open the final review, the front alone the back.
  const resumed = frontKept && back.restored && back.sendable ? 'final' : frontKept ? 'back' : 'front';
  const step = chosen ?? (loaded ? resumed : undefined);
  const { state, send } = useUpload();
  const submit = async () => {
    if (!front.photo || !back.photo) return;
    const files = { front: front.photo.blob, back: back.photo.blob };
    const sent = await send((progress) => sendDocument(guid, modalityType, 0, files, progress));
    if (!sent) return;
    await Promise.all([front.drop(), back.drop()]);
    leave(0);
  };
  if (step === 'final' && front.photo && back.photo) {
    return (
      <>
        <h2>Confira as duas fotos</h2>
        <div className="capture-sides">
          <PhotoReview
            photo={front.photo}
            alt="Foto: frente da CNH"
            onRetake={() => {
              setStep('front');
              void front.retake();
            }}
          />
          <PhotoReview
            photo={back.photo}
            alt="Foto: verso da CNH"
            onRetake={() => {
              setStep('back');
              void back.retake();
            }}
          />
        </div>
        <UploadProgress state={state} failure={failureText(0)} onRetry={() => void submit()} />
        {state.status === 'idle' && (
          <Button className="button-block" onClick={() => void submit()}>
            Enviar fotos
          </Button>
        )}
      </>
    );
  }
  if (step === undefined) return <p className="capture-status">{CAPTURE_TEXTS.checking}</p>;
  const slot = step === 'front' ? front : back;
  const side = step === 'front' ? 'front' : 'back';
  return (
    <>
      <h2>{step === 'front' ? 'Passo 1 de 2: frente da CNH' : 'Passo 2 de 2: verso da CNH'}</h2>
      <p>Encaixe a CNH aberta dentro da moldura, sobre uma superfície escura, sem reflexos.</p>
      <SlotProblem problem={slot.problem} />
      {slot.phase === 'take' && (
        <PhotoSource facing="environment" frame="cnh" label={SIDE_NAMES[side]} onPicked={(blob) => void slot.take(blob)} />
      )}
      {(slot.phase === 'checking' || slot.phase === 'loading') && <p className="capture-status">{CAPTURE_TEXTS.checking}</p>}
      {slot.phase === 'review' && slot.photo && (
        <>
          <PhotoReview photo={slot.photo} alt={`Foto: ${SIDE_NAMES[side]}`} onRetake={() => void slot.retake()} />
          {slot.sendable && (
            <Button className="button-block" onClick={() => setStep(side === 'front' ? 'back' : 'final')}>
              {slot.photo.issues.length > 0 ? CAPTURE_TEXTS.sendAnyway : 'Continuar'}
            </Button>
          )}
        </>
      )}
    </>
  );
}

const SELFIE_TEXTS = {
  title: 'Foto do rosto (selfie)',
  intro: 'Tire uma foto do seu rosto, de frente, sem óculos escuros, boné ou máscara, em um lugar iluminado.',
  consent: 'Li e aceito a política de reconhecimento facial',
  readPolicy: 'Ler a política de reconhecimento facial',
  policyUnavailable: 'Não foi possível carregar a política de reconhecimento facial.',
  send: 'ENVIAR FOTO',
} as const;

/** /register/selfie/:flow/:modalityType/:last — the selfie; the facial-recognition policy is accepted before "ENVIAR FOTO". */
export function SelfiePage() {
  const { flow, modalityType } = useCaptureParams();
  const guid = registeringDriver();
  const backTo = useBackOf(guid, flow, modalityType, modalityType === undefined ? undefined : 2);
  let body;
  if (!guid) body = <DriverUnknown />;
  else if (flow === undefined || modalityType === undefined) body = <Invalid modalityType={modalityType} />;
  else body = <Selfie guid={guid} flow={flow} modalityType={modalityType} />;
  return (
    <Page title={SELFIE_TEXTS.title} backTo={backTo}>
      <RefusedBecause flow={flow} documentType={2} />
      {body}
    </Page>
  );
}

function Selfie({ guid, flow, modalityType }: SlotProps) {
  const leave = useLeaveAfterSent(flow, guid, modalityType);
  const policy = useLoad((signal) => fetchFacePolicy(signal), []);
  const slot = usePhotoSlot(slotKey(guid, modalityType, 2));
  const [accepted, setAccepted] = useState(false);
  const { state, send } = useUpload();
  const submit = async () => {
    const photo = slot.photo;
    if (!photo || !accepted) return;
    const sent = await send((progress) => sendDocument(guid, modalityType, 2, { content: photo.blob }, progress));
    if (!sent) return;
    await slot.drop();
    leave(2);
  };
  return (
    <LoadView {...policy}>
      {(documentUrl) => {
        const link = safeExternalUrl(documentUrl);
        return (
          <>
            <p>{SELFIE_TEXTS.intro}</p>
            <SlotProblem problem={slot.problem} />
            {slot.phase === 'take' && (
              <PhotoSource facing="user" frame="face" label="seu rosto" onPicked={(blob) => void slot.take(blob)} />
            )}
            {(slot.phase === 'checking' || slot.phase === 'loading') && <p className="capture-status">{CAPTURE_TEXTS.checking}</p>}
            {slot.phase === 'review' && slot.photo && (
              <PhotoReview photo={slot.photo} alt="Foto: seu rosto" onRetake={() => void slot.retake()} />
            )}
            <div className="capture-consent">
              <input id="selfie-consent" type="checkbox" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
              <label htmlFor="selfie-consent">{SELFIE_TEXTS.consent}</label>
              {/* The box always links to the policy or says it could not: the driver never accepts unseen. */}
              {link ? (
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {SELFIE_TEXTS.readPolicy}
                </a>
              ) : (
                <p role="alert">{SELFIE_TEXTS.policyUnavailable}</p>
              )}
            </div>
            <UploadProgress state={state} failure={failureText(2)} onRetry={() => void submit()} />
            {slot.phase === 'review' && slot.sendable && state.status === 'idle' && (
              <Button className="button-block" disabled={!accepted} onClick={() => void submit()}>
                {slot.photo?.issues.length ? CAPTURE_TEXTS.sendAnyway : SELFIE_TEXTS.send}
              </Button>
            )}
          </>
        );
      }}
    </LoadView>
  );
}
