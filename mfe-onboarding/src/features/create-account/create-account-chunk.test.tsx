import { screen, waitFor } from '@testing-library/react';
import { mockJson, renderRoute } from '@driver-portal/shared/test-utils';
import { api, type PolicyItem } from '../../contract';
import { routes } from '../../routes';

/**
 * The create-user form is a chunk of its own, fetched once the SMS went out (RegisterPage.tsx):
 * on a phone that lost its connection in between, the download fails. The driver reads that it
 * is the connection, with a retry, and keeps the confirmed mobile: a retry that downloads shows
 * the form, with no new SMS.
 */

const MOBILE = '21987650000';
const POLICIES: PolicyItem[] = [
  { id: 1, description: 'Termos de uso', documentUrl: 'https://termos.example.com/uso.html', checked: false },
];
const OFFLINE = 'Sem conexão com a internet. Verifique sua conexão e tente novamente.';

let downloads = 0;
// The chunk's download as the module registry sees it: the first two fail (the SMS's prefetch and
// the step's own load), the next one arrives.
jest.mock('./CreateAccountForm', () => {
  downloads += 1;
  if (downloads <= 2) throw new Error('Loading chunk src_features_create-account_CreateAccountForm_tsx failed.');
  return jest.requireActual<object>('./CreateAccountForm');
});

it('a form that cannot be downloaded says the connection failed, with a retry that shows it; the mobile stays confirmed', async () => {
  mockJson(api.register.driverByMobile, { response: null });
  mockJson(api.register.requestCode, {});
  mockJson(api.register.confirmCode, { mobile: MOBILE, verified: true });
  mockJson(api.register.policies, POLICIES);
  const { user } = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar código' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  await user.type(await screen.findByLabelText('Código'), '123456');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Continuar' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeInTheDocument();
  expect(await screen.findByText(OFFLINE)).toBeInTheDocument();
  expect(screen.queryByLabelText('Nome completo')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
  expect(await screen.findByLabelText('Nome completo')).toBeInTheDocument();
  expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  expect(downloads).toBe(3);
});
