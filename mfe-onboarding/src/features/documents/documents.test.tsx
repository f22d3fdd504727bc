import { screen, waitFor, within } from '@testing-library/react';
import { mockJson, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api, type DriverDocument } from '../../contract';
import { routes } from '../../routes';

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const AT = '2026-11-20T12:00:00Z';
const doc = (documentType: number, stamps: Partial<DriverDocument> = { createdAt: AT }) => ({ response: { documentType, ...stamps } });
const LICENCE = { emissionDate: '2025-01-31', documentNumber: '123456789', emissionState: 'SP', name: 'Maria', cpf: '52998224725' };
const VEHICLE = { plate: 'ABC1D23', chassis: '9BWZZZ377VT004251', fuel: 'Flex', issuingState: 'SP', issuingAuthority: 'DETRAN-SP' };
/** The documents, and whether the licence and vehicle data were sent (both, unless told). */
const mockDocuments = (
  own: ReturnType<typeof doc>[],
  modality: ReturnType<typeof doc>[] = [],
  { licence = true, vehicle = true }: { licence?: boolean; vehicle?: boolean } = {},
) => {
  mockJson(api.register.driverDocuments, { documents: own } as never);
  mockJson(api.register.modalityDocuments, { documents: modality } as never);
  mockJson(api.register.license, { driverLicense: licence ? LICENCE : null });
  if (vehicle) mockJson(api.register.modalityVehicle, { response: { vehicle: VEHICLE } });
  else mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
};
/** Every document of the taxi modality sent. */
const mockAllTaxi = (data?: { licence?: boolean; vehicle?: boolean }) =>
  mockDocuments([doc(0), doc(1), doc(2)], [doc(3), doc(4), doc(5, { createdAt: AT, approvedAt: AT })], data);
const items = (groupName: string) =>
  within(screen.getByRole('region', { name: groupName }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const links = (groupName: string) =>
  within(screen.getByRole('region', { name: groupName }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
const submit = () => screen.getByRole('button', { name: 'Enviar para análise' });

describe('document checklist', () => {
  it('shows each document of the taxi modality with its status from the timestamps, and the data rows; submit waits for all', async () => {
    mockDocuments(
      [doc(0, { createdAt: AT, rejectedAt: AT, approvedAt: AT }), doc(1, { createdAt: AT, rejectedAt: AT, rejectedReasonId: 3 }), doc(2)],
      [doc(3, { createdAt: null })],
      { licence: false, vehicle: false },
    );
    renderRoute({ routes, path: '/register/upload-picture/0', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Envie seus documentos' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Seus documentos' });
    expect(items('Seus documentos')).toEqual([
      'CNH (Carteira Nacional de Habilitação) com EARDocumento Aprovado',
      'Comprovante de residênciaReenviar documento',
      'Foto do rosto (selfie)Aguarde...',
      'Dados da CNHNão preenchidos',
    ]);
    expect(items('Documentos do veículo')).toEqual([
      'Permissão para motorista de táxiNão enviado',
      'Licença do veículoNão enviado',
      'CRLV (documento do veículo)Não enviado',
      'Dados do veículoNão preenchidosEnvie CRLV (documento do veículo), Permissão para motorista de táxi, Licença do veículo para preencher os dados do veículo.',
    ]);
    expect(screen.getByRole('link', { name: /Comprovante de residência/ })).toHaveAttribute('href', '/register/details-picture/0/1');
    // The CNH is there: its data row opens the licence form; the vehicle documents are not: no vehicle form yet.
    expect(screen.getByRole('link', { name: 'Dados da CNH Não preenchidos' })).toHaveAttribute('href', '/register/cnh/new/0');
    expect(screen.queryByRole('link', { name: /Dados do veículo/ })).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription(
      'Pendências para enviar para análise: Comprovante de residência, Permissão para motorista de táxi, Licença do veículo, CRLV (documento do veículo), Dados da CNH, Dados do veículo.',
    );
  });

  it('reads the documents, the licence and the modality vehicle, each at its path', async () => {
    const requests = recordRequests();
    mockAllTaxi();
    renderRoute({ routes, path: '/register/upload-picture/0', session });
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`).sort()).toEqual([
      `GET /register/api/1.0/driver/${GUID}/documents`,
      `GET /register/api/1.0/driver/${GUID}/license`,
      `GET /register/api/1.0/driver/${GUID}/modality/0/documents`,
      `GET /register/api/1.0/driver/${GUID}/modality/0/vehicle`,
    ]);
  });

  it.each([
    ['the licence data', { licence: false }, 'Dados da CNH', '/register/cnh/new/0', 'Seus documentos'],
    ['the vehicle data (404)', { vehicle: false }, 'Dados do veículo', '/register/crlv/new/0', 'Documentos do veículo'],
  ])('every document there but %s never sent: the submit waits and names it, with its form', async (_, data, name, href, group) => {
    const requests = recordRequests();
    mockAllTaxi(data);
    const { user } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    expect(await screen.findByRole('link', { name: `${name} Não preenchidos` })).toHaveAttribute('href', href);
    expect(links(group)).toContainEqual([`${name}Não preenchidos`, href]);
    expect(submit()).toBeDisabled();
    expect(submit()).toHaveAccessibleDescription(`Pendências para enviar para análise: ${name}.`);
    await user.click(submit());
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('every document and both data there: the submit sends for analysis, then next steps', async () => {
    const requests = recordRequests();
    mockAllTaxi();
    mockJson(api.register.sendToReview, {});
    const { user, router } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    expect(await screen.findByRole('link', { name: 'Dados do veículo Preenchidos' })).toHaveAttribute('href', '/register/crlv/new/0');
    expect(screen.getByRole('link', { name: 'Dados da CNH Preenchidos' })).toHaveAttribute('href', '/register/cnh/new/0');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText(/Pendências/)).not.toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/next-steps/'));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toContain(
      `PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`,
    );
  });

  it('the private modality needs four documents, its vehicle only the CRLV', async () => {
    mockDocuments([doc(0), doc(1), doc(2)], [doc(4)]);
    renderRoute({ routes, path: '/register/upload-picture/1', session });
    expect(await screen.findByRole('link', { name: 'Dados do veículo Preenchidos' })).toHaveAttribute('href', '/register/crlv/new/1');
    expect(items('Documentos do veículo')).toEqual(['CRLV (documento do veículo)Aguarde...', 'Dados do veículoPreenchidos']);
    expect(submit()).toBeEnabled();
  });

  it.each([500, 400])('a failed submit (%i) says "erro ao enviar os dados." and stays', async (status) => {
    mockAllTaxi();
    mockStatus(api.register.sendToReview, status, { validations: [{ message: 'Faltam documentos.' }] });
    const { user, router } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('erro ao enviar os dados.');
    expect(router.state.location.pathname).toBe('/register/upload-picture/0');
  });

  it.each([
    ['the documents', () => mockStatus(api.register.driverDocuments, 500)],
    ['the licence', () => mockStatus(api.register.license, 500)],
    ['the vehicle', () => mockStatus(api.register.modalityVehicle, 500)],
  ])('a failed load of %s shows the error with a retry', async (_, fail) => {
    mockAllTaxi();
    fail();
    const { user } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    const retry = await screen.findByRole('button', { name: /tentar novamente/i });
    expect(screen.queryByRole('button', { name: 'Enviar para análise' })).not.toBeInTheDocument();
    mockAllTaxi();
    await user.click(retry);
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('an unknown modality or driver says so', async () => {
    renderRoute({ routes, path: '/register/upload-picture/7', session });
    expect(await screen.findByText('Modalidade inválida.')).toBeInTheDocument();
  });
});

describe('document instructions', () => {
  it.each([
    ['0', 'Tirar foto', '/register/mask-camera/new/0/0'],
    ['2', 'Tirar foto', '/register/selfie/new/0/2'],
    ['3', 'Tirar foto', '/register/camera/new/0/3'],
    ['4', 'Escolher o PDF', '/register/camera/new/0/4'],
  ])('type %s leads to its capture', async (type, label, href) => {
    renderRoute({ routes, path: `/register/details-picture/0/${type}`, session });
    expect(await screen.findByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('a type the modality does not need is refused', async () => {
    renderRoute({ routes, path: '/register/details-picture/1/3', session });
    expect(await screen.findByText('Modalidade inválida.')).toBeInTheDocument();
  });
});
