import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { Button, List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { fetchTermsLink, fetchTermsLinks, TERMS, type TermsLink } from './api';
import { accountPaths } from '../../paths';
import './eula.css';

/**
 * One document: a link that looks like one (colour, underline, chevron; 44 px tall for a finger),
 * or "Documento indisponível". A document whose call failed gets its own retry; one the service
 * answered with nothing safe to open does not (asking again would give the same answer).
 */
function TermsItem({ link: loaded }: { link: TermsLink }) {
  const [link, setLink] = useState(loaded);
  const [retrying, setRetrying] = useState(false);
  const retry = useRef<AbortController>(undefined);
  useEffect(() => () => retry.current?.abort(), []);

  const retryDocument = () => {
    const term = TERMS.find(({ type }) => type === link.type);
    if (!term || retrying) return;
    const controller = new AbortController();
    retry.current = controller;
    setRetrying(true);
    void fetchTermsLink(term, controller.signal).then((again) => {
      if (controller.signal.aborted) return;
      setLink(again);
      setRetrying(false);
    });
  };

  if (!link.href) {
    return (
      <div className="terms-unavailable">
        <div>
          <p className="list-item-title">{link.label}</p>
          <p className="list-item-meta">{retrying ? 'Carregando...' : 'Documento indisponível'}</p>
        </div>
        {link.failed ? (
          <Button
            variant="link"
            className="terms-retry"
            onClick={retryDocument}
            aria-disabled={retrying || undefined}
            // The visible words first (label in name), then which document.
            aria-label={`Tentar novamente: ${link.label}`}
          >
            Tentar novamente
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <a className="terms-link" href={link.href} target="_blank" rel="noopener noreferrer">
      <span className="terms-link-label">{link.label}</span>
      <span className="terms-link-chevron" aria-hidden="true">
        ›
      </span>
    </a>
  );
}

/** /eula/:driverId — links to the terms of use, the privacy policy and the image-use terms. */
export function EulaPage() {
  // The route's driverId is not needed by the call; opened directly, the back link leads to
  // the driver's account, where the terms are listed.
  const { driverId = '' } = useParams();
  // The original app only logged a failed terms load; here a document that fails shows
  // "Documento indisponível" with its own retry, and only when all three fail does the page
  // show the error with a retry.
  const load = useLoad(fetchTermsLinks, []);
  return (
    <Page title="Termos e políticas" backTo={accountPaths.myAccount(driverId)}>
      <LoadView {...load}>
        {(links) => (
          <List label="Termos e políticas">
            {links.map((link) => (
              <ListItem key={link.type}>
                <TermsItem link={link} />
              </ListItem>
            ))}
          </List>
        )}
      </LoadView>
    </Page>
  );
}
