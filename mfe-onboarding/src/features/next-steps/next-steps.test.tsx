import { screen, within } from '@testing-library/react';
import { renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';

describe('next steps', () => {
  it('shows the page heading and the analysis time', async () => {
    renderRoute({ routes, path: '/register/next-steps/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Próximos passos' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('A análise pode levar até 7 dias úteis.')).toBeInTheDocument();
  });

  it('lists the five steps in order, each telling its state to screen readers', async () => {
    renderRoute({ routes, path: '/register/next-steps/' });
    const list = await screen.findByRole('list', { name: 'Etapas do cadastro' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    const expected = [
      ['Conta', 'concluído'],
      ['Documentos enviados', 'concluído'],
      ['Verificação dos dados', 'em andamento'],
      ['Solicitação do cartão', 'pendente'],
      ['Primeira viagem', 'pendente'],
    ];
    expect(items).toHaveLength(expected.length);
    expected.forEach(([label = '', state = ''], index) => {
      const item = items[index] as HTMLElement;
      expect(within(item).getByText(label)).toBeInTheDocument();
      // The state is read out, not only shown by the marker's colour.
      expect(within(item).getByText(`(${state})`)).toHaveClass('visually-hidden');
    });
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    expect(items[2]).toHaveClass('step-current');
    expect(items[0]).toHaveClass('step-done');
    expect(items[4]).toHaveClass('step-pending');
  });

  it('Continuar opens the communication categories of the driver with the header shown', async () => {
    const { user } = renderRoute({ routes, path: '/register/next-steps/', session: { token: TEST_TOKEN, driverId: 'drv-42' } });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/communication/category/drv-42?showHeader=true');
  });

  it('Continuar falls back to the stored driver guid', async () => {
    const { user } = renderRoute({ routes, path: '/register/next-steps/', session: { driverGuid: 'guid-7' } });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/communication/category/guid-7?showHeader=true');
  });

  it('Continuar goes home when no driver is known', async () => {
    const { user } = renderRoute({ routes, path: '/register/next-steps/' });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/App$/);
  });
});
