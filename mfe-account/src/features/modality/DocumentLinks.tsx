import { changeDocumentFlag } from '../../session';
import { capturePath, DOCUMENT_LABELS, MODALITY_DOCUMENTS, portalAddress } from './documents';

/**
 * The documents a modality needs, each a link to its capture screen in the onboarding's edit
 * flow. Following one sets the change-document flag, so that flow comes back to my account.
 */
export function DocumentLinks({ modalityType }: { modalityType: number }) {
  const documents = MODALITY_DOCUMENTS[modalityType] ?? [];
  return (
    <ul className="modality-documents" aria-label="Documentos">
      {documents.map((type) => (
        <li key={type}>
          <a
            className="modality-document"
            href={portalAddress(capturePath(modalityType, type))}
            onClick={() => changeDocumentFlag.set('true')}
          >
            <span>{DOCUMENT_LABELS[type]}</span>
            <span className="modality-document-action">Enviar</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
