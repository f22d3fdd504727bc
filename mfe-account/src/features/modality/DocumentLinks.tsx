import { Link, useLocation } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { LoadView } from '@driver-portal/shared/ui';
import {
  changeDocumentPath,
  DOCUMENT_LABELS,
  DOCUMENT_STATE_TEXTS,
  fetchModalityDocuments,
  MODALITY_DOCUMENTS,
  stateOf,
} from './documents';

/**
 * The documents a modality needs, each with its status and a link that sends it again through
 * the onboarding's screens and comes back here, where the new status shows.
 */
export function DocumentLinks({ modalityType, driverId }: { modalityType: number; driverId: string }) {
  // The way back is this very address (its query too), so the journey ends on this entry of the tab's history.
  const { pathname, search } = useLocation();
  const load = useLoad((signal) => fetchModalityDocuments(driverId, modalityType, signal), [driverId, modalityType]);
  const documents = MODALITY_DOCUMENTS[modalityType] ?? [];
  return (
    <LoadView {...load} loadingLabel="Carregando os seus documentos...">
      {(byType) => (
        <ul className="modality-documents" aria-label="Documentos">
          {documents.map((type) => {
            const state = stateOf(byType.get(type));
            return (
              <li key={type}>
                <Link
                  className={`modality-document modality-document-${state}`}
                  to={changeDocumentPath(modalityType, type, driverId, `${pathname}${search}`)}
                >
                  <span className="modality-document-name">{DOCUMENT_LABELS[type]}</span>
                  <span className="modality-document-state">{DOCUMENT_STATE_TEXTS[state]}</span>
                  <span className="modality-document-action">Enviar</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </LoadView>
  );
}
