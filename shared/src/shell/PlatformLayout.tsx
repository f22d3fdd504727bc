import { Outlet } from 'react-router';
import { AlertDialog } from './AlertDialog';
import { LoadingOverlay } from './LoadingOverlay';

/** Root layout of the host and of every remote's standalone page. */
export function PlatformLayout() {
  return (
    <>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <main id="conteudo" tabIndex={-1}>
        <Outlet />
      </main>
      <AlertDialog />
      <LoadingOverlay />
    </>
  );
}
