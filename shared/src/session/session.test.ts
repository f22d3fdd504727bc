import { adoptDriverId, driverValue, getDriverId, getToken, sessionValue, setSessionValue } from '.';

describe('a session belongs to one driver', () => {
  const wizard = driverValue('insuranceWizard');
  const remoteNote = sessionValue('notTitle');

  function driverAOpen() {
    setSessionValue('token', 'token-a');
    setSessionValue('driverId', 'driver-a');
    wizard.set('{"rg":"11.111.111-1"}');
    remoteNote.set('Bem-vindo');
  }

  it("a route's driver id becomes the session's when none was held, keeping the token", () => {
    setSessionValue('token', 'token-a');
    adoptDriverId('driver-a');
    expect(getDriverId()).toBe('driver-a');
    expect(getToken()).toBe('token-a');
  });

  it('the same driver again changes nothing', () => {
    driverAOpen();
    adoptDriverId('driver-a');
    expect(getToken()).toBe('token-a');
    expect(wizard.get()).toBe('{"rg":"11.111.111-1"}');
    expect(remoteNote.get()).toBe('Bem-vindo');
  });

  it("another driver's route drops everything kept for the previous one, token included", () => {
    driverAOpen();
    adoptDriverId('driver-b');
    expect(getDriverId()).toBe('driver-b');
    expect(getToken()).toBeUndefined();
    expect(remoteNote.get()).toBeUndefined();
    setSessionValue('driverId', 'driver-a');
    expect(wizard.get()).toBeUndefined();
  });

  it("a driver's value is never read for another driver, even when nothing cleared it", () => {
    driverAOpen();
    setSessionValue('driverId', 'driver-b');
    expect(wizard.get()).toBeUndefined();
    wizard.set('{"rg":"22.222.222-2"}');
    setSessionValue('driverId', 'driver-a');
    expect(wizard.get()).toBe('{"rg":"11.111.111-1"}');
  });
});
