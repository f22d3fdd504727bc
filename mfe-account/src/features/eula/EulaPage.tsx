import { HOME_PATH } from '@driver-portal/shared/links';
import { useLoad } from '@driver-portal/shared/data';
import { List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchTermsLinks, type TermsLink } from './api';

function TermsItem({ link }: { link: TermsLink }) {
  if (!link.href) {
    return (
      <>
        <p className="list-item-title">{link.label}</p>
        <p className="list-item-meta">Documento indisponível</p>
      </>
    );
  }
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label}
    </a>
  );
}

/** /eula/:driverId — links to the terms of use, the privacy policy and the image-use terms. */
export function EulaPage() {
  // The route's driverId is not needed by the call; the back link leads home until the
  // my-account area (its natural parent) exists.
  // The original app only logged a failed terms load; here it shows an error with a retry.
  const load = useLoad(fetchTermsLinks, []);
  return (
    <Page title="Termos e políticas" backTo={HOME_PATH}>
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
