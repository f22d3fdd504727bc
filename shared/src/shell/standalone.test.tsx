import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { getSessionValue, setSessionValue } from '@driver-portal/shared/session';
import { standaloneRoutes } from '.';

describe("/Sair at a remote's own page", () => {
  it('ends the session of this origin and opens the sign-out page (which visits the host and the others)', async () => {
    setSessionValue('token', 't');
    setSessionValue('driverId', 'd');
    const signOut = jest.fn();
    const module = { prefixes: ['/password'], routes: [{ path: 'password/change', element: <h1>Alterar senha</h1> }] };
    const router = createMemoryRouter(standaloneRoutes('mfe_test', module, { signOut }), { initialEntries: ['/Sair'] });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(getSessionValue('token')).toBeUndefined();
    expect(getSessionValue('driverId')).toBeUndefined();
    expect(await screen.findByText('Saindo...')).toBeInTheDocument();
  });
});
