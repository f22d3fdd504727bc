import { screen, waitFor, within } from '@testing-library/react';
import { driverValue } from '@driver-portal/shared/session';
import { fixDate, mockJson, recordRequests, renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { api, type DriverVehicle } from '../../contract';
import { routes } from '../../routes';
import type { WizardAnswers } from './wizard';

/**
 * The wizard's dates on the days the calendar makes hard (issue 44, point 3): an additional
 * driver is 18 from the same day 18 years after the birth, or the next day when that day does not
 * exist (Código Civil, art. 132 §3); an RG issued today is no future date, on 29 February too.
 */

// Whole steps typed key by key: on a busy 2-core machine some take longer than Jest's 5 s default.
jest.setTimeout(30_000);

const DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const UNDERAGE = 'O condutor deve ter pelo menos 18 anos';
const FUTURE = 'A data não pode ser futura';
const VEHICLE: DriverVehicle = {
  plate: 'BRA2E19',
  chassis: '9BWZZZ377VT004251',
  fuel: 'Flex',
  issuingState: 'SP',
  issuingAuthority: 'DETRAN-SP',
};
// Itaú (341), agency 1234, account 56789-7: the digit its published rule gives.
const BEFORE: WizardAnswers = {
  complement: { maritalStatus: 'Casado', rg: '123456789', ufRg: 'SP', rgIssueDate: '10/05/2010' },
  financial: { bank: '341', agency: '1234', agencyDigit: '', account: '56789', accountDigit: '7' },
  owner: { isOwner: 'Sim' },
  ownerFromDriver: { name: 'Maria Aparecida dos Santos', cpf: '52998224725' },
};

/** Noon in Brasília time of a DD/MM/YYYY day (every zone of Brazil is on that day then). */
const noonOf = (typed: string) => new Date(`${typed.slice(6)}-${typed.slice(3, 5)}-${typed.slice(0, 2)}T12:00:00-03:00`);
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const storedAnswers = (): WizardAnswers => JSON.parse(driverValue('insuranceWizard').get() ?? '{}') as WizardAnswers;

function open(path: string, answers: WizardAnswers) {
  const driverValues = { insuranceWizard: JSON.stringify(answers), insuranceEligible: 'yes' };
  return renderRoute({ routes, path, session: { token: TEST_TOKEN, driverId: DRIVER_ID }, driverValues });
}

async function addDriver(user: ReturnType<typeof open>['user'], birthDate: string) {
  await user.clear(screen.getByLabelText('Nome do condutor'));
  await user.type(screen.getByLabelText('Nome do condutor'), 'Davi Rocha');
  await user.clear(screen.getByLabelText('Data de nascimento'));
  await user.type(screen.getByLabelText('Data de nascimento'), birthDate.replace(/\//g, ''));
  await user.clear(screen.getByLabelText('CPF do condutor'));
  await user.type(screen.getByLabelText('CPF do condutor'), '11144477735');
  await user.click(screen.getByRole('button', { name: 'Adicionar condutor' }));
}

beforeEach(() => mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } }));
afterEach(() => jest.useRealTimers());

describe('an additional driver on 29 February and around it', () => {
  it('on 29/02/2028 born 01/03/2010 is refused under the field; born 28/02/2010 is added, and the contract carries 2010-02-28', async () => {
    fixDate(noonOf('29/02/2028'));
    const requests = recordRequests();
    mockJson(api.insurance.contract, { requestId: 'r-1' });
    mockJson(api.insurance.activePolicy, { active: true, policyNumber: null, expirationDate: null, bestPaymentDay: 10, requestId: 'r-1' });
    const { user } = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');

    await addDriver(user, '01/03/2010');
    expect(await screen.findByText(UNDERAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(UNDERAGE);
    expect(screen.queryByRole('list', { name: 'Condutores adicionais' })).not.toBeInTheDocument();

    await addDriver(user, '28/02/2010');
    const list = await screen.findByRole('list', { name: 'Condutores adicionais' });
    expect(within(list).getByText('Davi Rocha')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await heading('Revise seus dados');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await heading('Termos e condições');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' }));
    await user.click(screen.getByRole('button', { name: 'Contratar' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({ AdditionalDrivers: [{ Name: 'Davi Rocha', BirthDate: '2010-02-28', CPF: '11144477735' }] });
  });

  it.each([
    ['28/02/2026', false],
    ['01/03/2026', true],
  ])('born 29/02/2008, on %s: added is %s (18 on 01/03/2026)', async (today, added) => {
    fixDate(noonOf(today));
    const { user } = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');
    await addDriver(user, '29/02/2008');
    if (added) {
      const list = await screen.findByRole('list', { name: 'Condutores adicionais' });
      expect(within(list).getByText('Davi Rocha')).toBeInTheDocument();
      expect(screen.queryByText(UNDERAGE)).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      await heading('Revise seus dados');
      expect(storedAnswers().drivers).toEqual([{ name: 'Davi Rocha', birthDate: '29/02/2008', cpf: '111.444.777-35' }]);
    } else {
      expect(await screen.findByText(UNDERAGE)).toBeInTheDocument();
      expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(UNDERAGE);
      expect(screen.queryByRole('list', { name: 'Condutores adicionais' })).not.toBeInTheDocument();
    }
  });

  it('a stored driver born 01/03/2010 is in the review on 01/03/2028; on 29/02/2028 the review sends back to the drivers step', async () => {
    const drivers = [{ name: 'Davi Rocha', birthDate: '01/03/2010', cpf: '111.444.777-35' }];
    fixDate(noonOf('01/03/2028'));
    const first = open('/car-insurance/workflow', { ...BEFORE, drivers });
    await heading('Revise seus dados');
    expect(screen.getByText('Davi Rocha')).toBeInTheDocument();
    first.unmount();
    jest.useRealTimers();

    // The same stored list a day earlier: the review sends the driver back to the step that no longer holds.
    fixDate(noonOf('29/02/2028'));
    const earlier = open('/car-insurance/workflow', { ...BEFORE, drivers });
    await waitFor(() => expect(earlier.router.state.location.pathname).toBe('/car-insurance/drivers'));
  });
});

describe('the RG issue date on 29/02/2028', () => {
  it('01/03/2028 is a future date under the field; 29/02/2028 (today) is taken', async () => {
    fixDate(noonOf('29/02/2028'));
    const { user, router } = open('/car-insurance/complememnt', {});
    await heading('Dados complementares');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado civil' }), 'Casado');
    await user.type(screen.getByLabelText('RG', { exact: true }), '123456789');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado emissor do RG' }), 'SP');
    await user.type(screen.getByLabelText('Data de emissão do RG'), '01032028');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.getByLabelText('Data de emissão do RG')).toHaveAccessibleDescription(FUTURE));

    await user.clear(screen.getByLabelText('Data de emissão do RG'));
    await user.type(screen.getByLabelText('Data de emissão do RG'), '29022028');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await heading('Dados financeiros');
    expect(router.state.location.pathname).toBe('/car-insurance/financial');
    expect(storedAnswers().complement?.rgIssueDate).toBe('29/02/2028');
  });
});
