import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SIGN_OUT_PATH, type NavigationEntry } from '@driver-portal/shared/links';
import { getSessionValue } from '@driver-portal/shared/session';
import { ErrorState, LoadingState, Page } from '@driver-portal/shared/ui';
import type { RemoteDescriptor } from '../../federation/remote-list';
import { fetchAllNavigation, homeSections, NAVIGATION_DEADLINE_MS } from './navigation';
import './home.css';

export interface HomePageProps {
  /** The remotes of remotes.json: each declares the tiles it adds here. */
  remotes: () => readonly RemoteDescriptor[];
  deadlineMs?: number;
  /** Before reading the tiles again (the retry): fetches the remote list again if it was missing. */
  beforeRetry?: () => Promise<void>;
}

/** /App: the tiles every remote declares (navigation.json), grouped in the home's sections. */
export function HomePage({ remotes, deadlineMs = NAVIGATION_DEADLINE_MS, beforeRetry }: HomePageProps) {
  const [entries, setEntries] = useState<NavigationEntry[] | undefined>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const ready = attempt > 0 && beforeRetry ? beforeRetry() : Promise.resolve();
    void ready
      .then(() => fetchAllNavigation(remotes(), deadlineMs))
      .then((list) => {
        if (current) setEntries(list);
      });
    return () => {
      current = false;
    };
  }, [remotes, deadlineMs, beforeRetry, attempt]);
  const retry = () => {
    setEntries(undefined);
    setAttempt((count) => count + 1);
  };

  const sections = entries ? homeSections(entries, getSessionValue('driverId')) : [];
  return (
    <Page title="Portal do Motorista">
      {!entries && <LoadingState label="Carregando as áreas do portal..." />}
      {entries && sections.length === 0 && (
        <ErrorState message="Nenhuma área do portal está disponível agora. Verifique sua conexão e tente novamente." onRetry={retry} />
      )}
      {sections.map((section) => (
        <nav key={section.title} aria-label={section.title}>
          <h2 className="home-section">{section.title}</h2>
          <ul className="home-grid">
            {section.links.map((link) => (
              <li key={`${link.to} ${link.label}`}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
      <p>
        <Link to={SIGN_OUT_PATH}>Sair</Link>
      </p>
    </Page>
  );
}
