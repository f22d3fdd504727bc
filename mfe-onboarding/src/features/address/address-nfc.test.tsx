import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, mockApi, renderRoute } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

/**
 * Issue 44, kind 4 (docs/decisions/0019-text-in-nfc.md): what the CEP lookup filled is compared
 * with the field in NFC. A lookup that answers decomposed text ("Sa\u0303o Paulo") fills the field
 * with it; once the driver touches the field it holds NFC; another CEP must still take the old
 * CEP's address away, never send it with the new CEP.
 */

// user-event's typing is slow on a busy machine: the journey is short, its clock is not.
jest.setTimeout(15_000);

const PATH = '/register/address/new/0';
const field = (label: string) => screen.getByLabelText(label);

it('another CEP clears what the last lookup filled, even once the field holds that text in NFC; any edit leaves NFC', async () => {
  mockApi(api.zipLookup.address, ({ request }) =>
    new URL(request.url).searchParams.get('zipcode') === '01310100'
      ? HttpResponse.json({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'Sa\u0303o Paulo' })
      : HttpResponse.json({ erro: true }, { status: 404 }),
  );
  const { user } = renderRoute({ routes, path: PATH, session: { driverGuid: 'guid-7' } });
  await user.click(await screen.findByLabelText('CEP'));
  await user.paste('01310-100');
  await waitFor(() => expect(field('Cidade')).toHaveValue('Sa\u0303o Paulo'));
  // The driver checks the city: a letter typed and taken back leaves the same text, now in NFC.
  await user.type(field('Cidade'), 'x{Backspace}');
  expect(field('Cidade')).toHaveValue('S\u00e3o Paulo');

  await user.clear(field('CEP'));
  await user.paste('20040-002');
  await waitFor(() => expect(field('Cidade')).toHaveValue(''));
  expect(field('Endereço')).toHaveValue('');
  expect(field('Estado')).toHaveValue('');
});
