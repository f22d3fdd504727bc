import { screen, waitFor, within } from '@testing-library/react';
import { mockJson, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api, type DriverDocument } from '../../contract';
import { routes } from '../../routes';

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const AT = '2026-11-20T12:00:00Z';
const doc = (documentType: number, stamps: Partial<DriverDocument> = { createdAt: AT }) => ({ response: { documentType, ...stamps } });
const mockDocuments = (own: ReturnType<typeof doc>[], modality: ReturnType<typeof doc>[] = []) => {
  mockJson(api.register.driverDocuments, { documents: own } as never);
  mockJson(api.register.modalityDocuments, { documents: modality } as never);
};
const items = (groupName: string) =>
  within(screen.getByRole('region', { name: groupName }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const submit = () => screen.getByRole('button', { name: 'Enviar para análise' });

describe('document checklist', () => {
  it('shows each document of the taxi modality with its status from the timestamps; submit waits for all', async () => {
    mockDocuments(
      [doc(0, { createdAt: AT, rejectedAt: AT, approvedAt: AT }), doc(1, { createdAt: AT, rejectedAt: AT, rejectedReasonId: 3 }), doc(2)],
      [doc(3, { createdAt: null })],
    );
    renderRoute({ routes, path: '/register/upload-picture/0', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Envie seus documentos' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Seus documentos' });
    expect(items('Seus documentos')).toEqual([
      'CNH (Carteira Nacional de Habilitação) com EARDocumento Aprovado',
      'Comprovante de residênciaReenviar documento',
      'Foto do rosto (selfie)Aguarde...',
    ]);
    expect(items('Documentos do veículo')).toEqual([
      'Permissão para motorista de táxiNão enviado',
      'Licença do veículoNão enviado',
      'CRLV (documento do veículo)Não enviado',
    ]);
    expect(screen.getByRole('link', { name: /Comprovante de residência/ })).toHaveAttribute('href', '/register/details-picture/0/1');
    expect(screen.getByRole('link', { name: 'Preencher dados da CNH' })).toHaveAttribute('href', '/register/cnh/new/0');
    expect(
      screen.getByText(/Envie CRLV \(documento do veículo\), Permissão para motorista de táxi, Licença do veículo para continuar/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continuar para os dados do veículo' })).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('every document there: the vehicle data opens and the submit sends for analysis, then next steps', async () => {
    const requests = recordRequests();
    mockDocuments([doc(0), doc(1), doc(2)], [doc(3), doc(4), doc(5, { createdAt: AT, approvedAt: AT })]);
    mockJson(api.register.sendToReview, {});
    const { user, router } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    expect(await screen.findByRole('link', { name: 'Continuar para os dados do veículo' })).toHaveAttribute('href', '/register/crlv/new/0');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/next-steps/'));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toContain(
      `PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`,
    );
  });

  it('the private modality needs four documents, its vehicle only the CRLV', async () => {
    mockDocuments([doc(0), doc(1), doc(2)], [doc(4)]);
    renderRoute({ routes, path: '/register/upload-picture/1', session });
    expect(await screen.findByRole('link', { name: 'Continuar para os dados do veículo' })).toBeInTheDocument();
    expect(items('Documentos do veículo')).toEqual(['CRLV (documento do veículo)Aguarde...']);
    expect(submit()).toBeEnabled();
  });

  it.each([500, 400])('a failed submit (%i) says "erro ao enviar os dados." and stays', async (status) => {
    mockDocuments([doc(0), doc(1), doc(2)], [doc(3), doc(4), doc(5)]);
    mockStatus(api.register.sendToReview, status, { validations: [{ message: 'Faltam documentos.' }] });
    const { user, router } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('erro ao enviar os dados.');
    expect(router.state.location.pathname).toBe('/register/upload-picture/0');
  });

  it('a failed load shows the error with a retry', async () => {
    mockStatus(api.register.driverDocuments, 500);
    mockJson(api.register.modalityDocuments, { documents: [] });
    const { user } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    await user.click(await screen.findByRole('button', { name: /tentar novamente/i }));
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
