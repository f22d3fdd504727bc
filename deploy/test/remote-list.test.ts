import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prefixes as account } from '../../mfe-account/src/routes';
import { prefixes as insurance } from '../../mfe-insurance/src/routes';
import { prefixes as onboarding } from '../../mfe-onboarding/src/routes';
import { prefixes as selfService } from '../../mfe-self-service/src/routes';

// The host learns which remote owns a path from its remote list; each remote declares the
// same prefixes for its own page. The two must not drift (docs/product-rules.md, "Areas and route ownership").
const list = JSON.parse(readFileSync(join(__dirname, '..', '..', 'host', 'remotes.json'), 'utf8')) as Array<{
  name: string;
  manifest: string;
  prefixes: string[];
}>;

describe("the host's remote list", () => {
  it.each([
    ['mfe_self_service', selfService, 3001],
    ['mfe_onboarding', onboarding, 3002],
    ['mfe_account', account, 3003],
    ['mfe_insurance', insurance, 3004],
  ] as const)('%s: same prefixes as the remote declares, manifest on its own port', (name, declared, port) => {
    const entry = list.find((remote) => remote.name === name);
    expect(entry?.prefixes).toEqual([...declared]);
    expect(entry?.manifest).toBe(`http://localhost:${port}/mf-manifest.json`);
  });

  it('gives every path prefix to one remote only', () => {
    const all = list.flatMap((remote) => remote.prefixes.map((prefix) => prefix.toLowerCase()));
    expect(new Set(all).size).toBe(all.length);
  });
});
