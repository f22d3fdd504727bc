import { Navigate, useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { nextStepFor } from './api';

/** /register/init/:phone — decides the next screen (see `nextStepFor`); a failure shows the error with a retry. */
export function InitPage() {
  const { phone = '' } = useParams();
  const load = useLoad((signal) => nextStepFor(phone, signal), [phone]);
  return (
    <Page title="Cadastro" backTo={HOME_PATH}>
      <LoadView {...load} loadingLabel="Verificando seu cadastro...">
        {(target) => <Navigate to={target} replace />}
      </LoadView>
    </Page>
  );
}
