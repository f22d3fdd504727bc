import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { HOME_PATH, safeExternalUrl } from '@driver-portal/shared/links';
import { Button, EmptyState, LoadView, Page } from '@driver-portal/shared/ui';
import type { PolicyUpdateItem } from '../../contract';
import { policyRouteToken } from '../../session';
import { acceptPolicies, fetchPendingPolicies, POLICY_TEXTS } from './api';
import './policies.css';

/**
 * Nothing to accept: the product's text, then home. Decision: the text shows on the page and
 * in a success-style alert whose OK leads to /App, so the driver reads why the portal moves on
 * (being up to date is good news, not a failure).
 */
function NothingPending() {
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    showSuccess(POLICY_TEXTS.none, { redirectTo: HOME_PATH });
  }, []);
  return <EmptyState message={POLICY_TEXTS.none} />;
}

function PolicyList({ policies, token }: { policies: PolicyUpdateItem[]; token: string }) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const allChecked = policies.every((policy) => checked.has(policy.Id));
  const { run: accept, running } = useSingleFlight(async () => {
    try {
      await acceptPolicies(
        token,
        policies.map((policy) => policy.Id),
      );
    } catch {
      return; // Alerted in error style; the boxes stay ticked, so Continuar tries again.
    }
    policyRouteToken.set(undefined);
    showSuccess(POLICY_TEXTS.accepted, { redirectTo: HOME_PATH });
  });
  const toggle = (id: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <p>Atualizamos os termos abaixo. Leia cada um e marque que você concorda para continuar.</p>
      <ul className="policy-list" aria-label="Termos atualizados">
        {policies.map((policy) => {
          const href = safeExternalUrl(policy.UrlDocumento);
          const id = `policy-${policy.Id}`;
          return (
            <li key={policy.Id} className="policy-item">
              <input
                id={id}
                type="checkbox"
                checked={checked.has(policy.Id)}
                onChange={(event) => toggle(policy.Id, event.target.checked)}
              />
              <label htmlFor={id} className="policy-label">
                {policy.Descricao}
              </label>
              {href ? (
                <a className="policy-read" href={href} target="_blank" rel="noopener noreferrer">
                  Ler<span className="visually-hidden"> {policy.Descricao}</span>
                </a>
              ) : (
                <span className="policy-unavailable">Documento indisponível</span>
              )}
            </li>
          );
        })}
      </ul>
      <Button className="button-block" disabled={!allChecked} aria-disabled={running || undefined} onClick={() => void accept()}>
        Continuar
      </Button>
    </>
  );
}

/** Where the policy updates show once their token has left the address. */
export const POLICIES_PATH = '/policies';

/**
 * /policies/:token — the native app's address (the seed's route). The token is a credential: it
 * is kept for the session and the address is replaced by /policies at once, so neither the
 * address bar nor the history entry holds it (and no Referer can carry it).
 */
export function PolicyTokenRoute() {
  const { token = '' } = useParams();
  if (token !== '') policyRouteToken.set(token);
  return <Navigate to={POLICIES_PATH} replace />;
}

/**
 * /policies — the updated policies the driver must accept (docs/product-rules.md, "Account"):
 * each with a box and a link to read it; Continuar only when every box is ticked. The token came
 * with the native app's address and is sent only to the policy-update service. A failed load
 * shows an error with a retry (the original only logged it). Opened without one (a bookmark, a
 * driver switch since), the screen says to open the terms from the app again.
 */
export function PoliciesPage() {
  const token = policyRouteToken.get() ?? '';
  return (
    <Page title="Termos atualizados" backTo={HOME_PATH}>
      {token === '' ? <EmptyState message={POLICY_TEXTS.noToken} /> : <PolicyUpdates token={token} />}
    </Page>
  );
}

function PolicyUpdates({ token }: { token: string }) {
  const load = useLoad((signal) => fetchPendingPolicies(token, signal), [token]);
  return (
    <LoadView {...load} loadingLabel="Carregando os termos...">
      {(policies) => (policies.length === 0 ? <NothingPending /> : <PolicyList policies={policies} token={token} />)}
    </LoadView>
  );
}
