import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@driver-portal/shared/ui';
import { FILE_TEXTS, FileProblem, preparePhoto } from './image';
import { dropPending, loadPending, savePending, type PendingPhoto } from './pending';
import { QUALITY_TEXTS, type QualityIssue } from './quality';

export const CAPTURE_TEXTS = {
  unsupported: 'Camera não suportada',
  takePhoto: 'Tirar foto',
  chooseFile: 'Usar a câmera do celular ou escolher uma foto',
  starting: 'Abrindo a câmera...',
  checking: 'Verificando a foto...',
  retake: 'Tirar outra',
  sendAnyway: 'Enviar mesmo assim',
  retry: 'Tentar novamente',
  sending: 'Enviando',
  flaggedHint: 'Tire outra foto. Se não conseguir melhorar, você poderá enviar esta mesmo assim.',
} as const;

/** Flagged photos taken for one slot before "Enviar mesmo assim" is offered. */
export const FLAGGED_TRIES_BEFORE_OVERRIDE = 2;

/** Whether the webview can open a file chooser at all (the last resort for taking a photo). */
function fileInputWorks(): boolean {
  const input = document.createElement('input');
  input.type = 'file';
  return input.type === 'file' && !input.disabled;
}

type CameraState = 'starting' | 'live' | 'unavailable';

/**
 * The camera through getUserMedia, and always a file input with `capture` beside it (the
 * webviews that give no camera to the page open the phone's camera from it). "Camera não
 * suportada" only when neither works.
 */
export function PhotoSource({
  facing,
  frame,
  label,
  onPicked,
}: {
  facing: 'environment' | 'user';
  frame: 'document' | 'cnh' | 'face';
  /** What is photographed, for the video's and the input's names. */
  label: string;
  onPicked: (photo: Blob) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [hasCamera] = useState(() => typeof navigator.mediaDevices?.getUserMedia === 'function');
  const [camera, setCamera] = useState<CameraState>(hasCamera ? 'starting' : 'unavailable');
  const [fileInput] = useState(fileInputWorks);

  // Opened once per screen (and facing); its own state changes must not stop the stream.
  useEffect(() => {
    if (!hasCamera) return undefined;
    let stream: MediaStream | undefined;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (cancelled || !videoRef.current) return opened.getTracks().forEach((track) => track.stop());
        videoRef.current.srcObject = opened;
        await videoRef.current.play().catch(() => undefined);
        if (!cancelled) setCamera('live');
      })
      .catch(() => {
        if (!cancelled) setCamera('unavailable');
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [hasCamera, facing]);

  const shoot = () => {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return onPicked(new Blob([]));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    canvas.toBlob((blob) => onPicked(blob ?? new Blob([])), 'image/jpeg', 0.92);
  };

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPicked(file);
  };

  if (camera === 'unavailable' && !fileInput) {
    return (
      <p className="error-state" role="alert">
        {CAPTURE_TEXTS.unsupported}
      </p>
    );
  }
  return (
    <div className="capture-source">
      {camera !== 'unavailable' && (
        <div className={`capture-viewer capture-frame-${frame}`}>
          <video ref={videoRef} playsInline muted aria-label={`Câmera: ${label}`} />
          <div className="capture-mask" aria-hidden="true" />
          {camera === 'starting' && <p className="capture-status">{CAPTURE_TEXTS.starting}</p>}
        </div>
      )}
      {camera === 'live' && (
        <Button className="button-block" onClick={shoot}>
          {CAPTURE_TEXTS.takePhoto}
        </Button>
      )}
      {fileInput && (
        <label className="button button-secondary button-block capture-file">
          {CAPTURE_TEXTS.chooseFile}
          <input className="capture-file-input" type="file" accept="image/*" capture={facing} onChange={picked} />
        </label>
      )}
    </div>
  );
}

export interface SlotPhoto {
  blob: Blob;
  url: string;
  issues: QualityIssue[];
  flaggedTries: number;
}

export type SlotPhase = 'loading' | 'take' | 'checking' | 'review';

/**
 * One photo to take (a document, or one side of the licence): checked, kept in IndexedDB until
 * sent (a reload shows it again), retaken at will. Flagged tries are counted across retakes.
 */
export function usePhotoSlot(key: string) {
  const [phase, setPhase] = useState<SlotPhase>('loading');
  const [photo, setPhoto] = useState<SlotPhoto>();
  const [problem, setProblem] = useState<string>();
  /** The photo shown came from IndexedDB at load (a reload before sending). */
  const [restored, setRestored] = useState(false);
  const flagged = useRef(0);

  const show = useCallback((pending: PendingPhoto) => {
    flagged.current = pending.flaggedTries;
    setPhoto((before) => {
      if (before) URL.revokeObjectURL(before.url);
      return {
        blob: pending.blob,
        url: URL.createObjectURL(pending.blob),
        issues: pending.issues as QualityIssue[],
        flaggedTries: pending.flaggedTries,
      };
    });
    setPhase('review');
  }, []);

  useEffect(() => {
    let active = true;
    void loadPending(key).then((pending) => {
      if (!active) return;
      if (pending) {
        setRestored(true);
        show(pending);
      } else setPhase('take');
    });
    return () => {
      active = false;
    };
  }, [key, show]);

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const take = useCallback(
    async (raw: Blob) => {
      setProblem(undefined);
      setRestored(false);
      setPhase('checking');
      try {
        const prepared = await preparePhoto(raw);
        const issues = prepared.report.issues;
        if (issues.length > 0) flagged.current += 1;
        const pending: PendingPhoto = { blob: prepared.blob, issues, flaggedTries: flagged.current };
        await savePending(key, pending);
        show(pending);
      } catch (error) {
        setProblem(error instanceof FileProblem ? error.message : FILE_TEXTS.unreadable);
        setPhase('take');
      }
    },
    [key, show],
  );

  const retake = useCallback(async () => {
    await dropPending(key);
    setRestored(false);
    setPhoto(undefined);
    setPhase('take');
  }, [key]);

  /** A flagged photo may be sent after FLAGGED_TRIES_BEFORE_OVERRIDE flagged tries. */
  const sendable = photo !== undefined && (photo.issues.length === 0 || photo.flaggedTries >= FLAGGED_TRIES_BEFORE_OVERRIDE);
  return { phase, photo, problem, restored, take, retake, sendable, drop: () => dropPending(key) };
}

/** The photo taken, what the check found, and the way to retake it. */
export function PhotoReview({ photo, alt, onRetake }: { photo: SlotPhoto; alt: string; onRetake: () => void }) {
  return (
    <div className="capture-review">
      <img src={photo.url} alt={alt} />
      {photo.issues.length > 0 && (
        <div className="capture-issues" role="alert">
          {photo.issues.map((issue) => (
            <p key={issue}>{QUALITY_TEXTS[issue]}</p>
          ))}
          {photo.flaggedTries < FLAGGED_TRIES_BEFORE_OVERRIDE && <p>{CAPTURE_TEXTS.flaggedHint}</p>}
        </div>
      )}
      <Button variant="secondary" className="button-block" onClick={onRetake}>
        {CAPTURE_TEXTS.retake}
      </Button>
    </div>
  );
}

/** The file problem of the last try ("Imagem não capturada...", not an image...). */
export function SlotProblem({ problem }: { problem?: string }) {
  return problem ? (
    <p className="capture-problem" role="alert">
      {problem}
    </p>
  ) : null;
}

export type UploadState = { status: 'idle' } | { status: 'sending'; progress: number } | { status: 'failed' };

/** Sends with progress; a failure keeps what was taken, for a retry without a retake. */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const busy = useRef(false);
  const send = useCallback(async (work: (onProgress: (share: number) => void) => Promise<void>): Promise<boolean> => {
    if (busy.current) return false;
    busy.current = true;
    setState({ status: 'sending', progress: 0 });
    try {
      await work((share) => setState({ status: 'sending', progress: share }));
      setState({ status: 'idle' });
      return true;
    } catch {
      setState({ status: 'failed' });
      return false;
    } finally {
      busy.current = false;
    }
  }, []);
  return { state, send };
}

export function UploadProgress({ state, failure, onRetry }: { state: UploadState; failure: string; onRetry: () => void }) {
  if (state.status === 'sending') {
    const percent = Math.round(state.progress * 100);
    return (
      <div className="capture-progress">
        <label htmlFor="capture-progress">
          {CAPTURE_TEXTS.sending} {percent}%
        </label>
        <progress id="capture-progress" max={100} value={percent} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="capture-failed" role="alert">
        <p>{failure}</p>
        <Button className="button-block" onClick={onRetry}>
          {CAPTURE_TEXTS.retry}
        </Button>
      </div>
    );
  }
  return null;
}
