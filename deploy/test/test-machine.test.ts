import { askMessage, MACHINE_NEEDS, machinePlan } from '../../scripts/test-machine.mjs';

// The README's test command on a fresh Debian machine: it installs what the browser and nginx
// tests need (as root) or names exactly what to install.
describe('what npm test needs from the machine', () => {
  const nothing = () => false;

  it('a machine with every program is ready', () => {
    expect(machinePlan({ exists: () => true, isRoot: false, hasApt: true })).toMatchObject({ action: 'ready', packages: [] });
  });

  it('as root with apt-get, it installs the Debian packages of what is missing: Chromium and nginx', () => {
    const plan = machinePlan({ exists: nothing, isRoot: true, hasApt: true });
    expect(plan.action).toBe('install');
    expect(plan.packages).toEqual(expect.arrayContaining(['chromium', 'fonts-liberation', 'nginx-light']));
    // Each package once, however many programs it brings.
    expect(new Set(plan.packages).size).toBe(plan.packages.length);
  });

  it('as another user it asks for exactly the missing packages, naming the programs and the command', () => {
    const plan = machinePlan({ exists: (path) => !path.includes('/nginx') || path.includes('/modules/'), isRoot: false, hasApt: true });
    expect(plan).toMatchObject({ action: 'ask', packages: ['nginx-light'] });
    const message = askMessage(plan);
    expect(message).toContain('/usr/sbin/nginx');
    expect(message).toContain('sudo apt-get install -y --no-install-recommends nginx-light');
    expect(message).not.toContain('chromium');
  });

  it('every need names a Debian package and why', () => {
    for (const need of MACHINE_NEEDS) {
      expect(need.packages.length).toBeGreaterThan(0);
      expect(need.for).not.toBe('');
    }
  });
});
