// `npm run new:remote -- <name> --port <N> --prefix </x> [--title "<section title>"] [--root <repo>]`
// A new remote: its folder (package, tsconfig, build config, own page, routes, home tiles in a
// section of its own, one screen that loads its news from one call of its own contract, that
// call's sandbox answer in sandbox/handlers.ts, and their tests) and its line in apps.json, the one
// list every script, test, deployment file and the host's remote list read. Nothing else in the
// repository changes (`npm run test:scaffold` proves the whole suite stays green with it).
// Then: `npm install` (links the workspace), `npm start`. See docs/screens.md, "Add a remote".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './apps.mjs';

const { appsProblems, REMOTE_NAME } = createRequire(import.meta.url)('../build-preset/apps-validate.cjs');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, prefix: { type: 'string' }, title: { type: 'string' }, root: { type: 'string' } },
});
const fail = (message) => {
  console.error(`new:remote: ${message}`);
  console.error('usage: npm run new:remote -- mfe-<name> --port <N> --prefix /<path> [--title "<home section title>"]');
  process.exit(2);
};

// --root as typed, from the folder npm was run in (npm runs scripts in the package root).
const root = values.root ? resolve(process.env.INIT_CWD || process.cwd(), values.root) : repoRoot;
const appsFile = join(root, 'apps.json');
const suite = JSON.parse(readFileSync(appsFile, 'utf8'));
const apps = [suite.host, ...suite.remotes];

const dir = positionals[0] ?? fail('name the remote (a folder name mfe-<name>)');
if (!REMOTE_NAME.test(dir)) fail(`${dir}: a remote's folder is mfe-<name>, lower case, words joined by "-"`);
if (existsSync(join(root, dir))) fail(`${dir} exists already`);
if (apps.some((app) => app.app === dir)) fail(`${dir} is in apps.json already`);
const port = Number(values.port);
if (!/^\d+$/.test(values.port ?? '') || !Number.isInteger(port) || port < 1024 || port > 65535)
  fail('--port takes a free port number (1024-65535)');
const prefix = values.prefix ?? fail('--prefix takes the path the remote owns, e.g. /rewards');
if (!/^\/[a-z][a-z0-9-]*$/.test(prefix)) fail(`--prefix ${prefix}: one path segment, lower case, e.g. /rewards`);
// The list as it will be, through the one validator (build-preset/apps-validate.cjs): ports the
// suite binds, paths the servers answer themselves, another remote's prefixes, the existing
// entries themselves. Nothing is written unless it passes.
const problems = appsProblems({ ...suite, remotes: [...suite.remotes, { app: dir, port, prefixes: [prefix] }] }, appsFile);
if (problems.length > 0) fail(`${dir} was not created:\n${problems.join('\n')}`);

const word = dir.slice('mfe-'.length);
const title = values.title ?? word.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
// The title goes into generated source as a quoted string literal (single quotes, as Prettier
// writes them here), never spliced raw: a quote or backslash in it cannot break or inject code,
// and a line break or other control character is refused.
// eslint-disable-next-line no-control-regex -- the control characters are what is refused
if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(title)) fail(`${dir} was not created: --title must be one line of text`);
const titleLiteral = (suffix = '') => {
  const text = `${title}${suffix}`.replace(/\\/g, '\\\\');
  // Prettier's choice: single quotes unless the text holds more of them than double quotes.
  const quote = (text.match(/'/g) ?? []).length > (text.match(/"/g) ?? []).length ? '"' : "'";
  return `${quote}${text.replaceAll(quote, `\\${quote}`)}${quote}`;
};
if (values.title === undefined)
  console.log(`${dir}: home section titled "${title}" from its name; pass --title "<título em português>" for the drivers' words.`);
const name = dir.replace(/-/g, '_');
const screenPath = `${prefix.slice(1)}/home`;
const files = {
  'package.json': `${JSON.stringify(
    {
      name: `@driver-portal/${dir}`,
      version: '1.0.0',
      private: true,
      engines: { node: '>=20.19 <21' },
      dependencies: {
        '@driver-portal/shared': '^1.0.0',
        react: '19.3.1',
        'react-dom': '19.3.1',
        'react-router': '7.18.5',
        'react-router-dom': '7.18.5',
      },
      devDependencies: { '@driver-portal/build-preset': '1.0.0' },
      scripts: { build: 'rspack build', dev: 'rspack serve --mode development' },
      exports: { './routes': './src/routes.ts', './package.json': './package.json' },
    },
    null,
    2,
  )}\n`,
  'rspack.config.cjs': `const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  title: ${titleLiteral(' · Portal do Motorista')},
  exposes: { './routes': './src/routes.ts' },
  // The tiles this remote adds to the host's home page (checked against its routes by navigation.test.ts).
  navigation: './src/navigation.json',
});
`,
  'src/index.ts': `import '@driver-portal/shared/styles.css';
import { bootPage } from '@driver-portal/shared/boot';

// This file is the remote's own page (deep links straight into the remote); inside the host
// only \`./routes\` is loaded and this never runs.
bootPage();

void import('./bootstrap');
`,
  'src/bootstrap.ts': `import { startStandalone } from '@driver-portal/shared/shell';
import { startPageTelemetryAfterTheScreen } from '@driver-portal/shared/telemetry';
import * as remote from './routes';

void startStandalone('${name}', remote);
// Errors and web vitals of this page, per release (docs/telemetry.md, "What pages send"): after the first screen.
startPageTelemetryAfterTheScreen('${name}');
`,
  'src/routes.ts': `import type { RouteObject } from 'react-router';
import suite from '../../apps.json';

/** Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json). */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === '${dir}')?.prefixes ?? [];

/**
 * The remote's routes as data; each screen is its own chunk, downloaded when first opened. A
 * screen no link reaches says how a driver gets there (handle.reachedBy, docs/screens.md).
 */
export const routes: RouteObject[] = [
  {
    path: '${screenPath}',
    lazy: () => import('./features/home/HomePage').then((m) => ({ Component: m.HomePage })),
  },
];
`,
  'tsconfig.json': `{
  "//": "This remote alone: \`npx tsc --noEmit -p ${dir}\` (the root tsconfig.json checks every app at once).",
  "extends": "../tsconfig.json",
  "include": ["src", "sandbox", "../types", "../jest.setup.ts"]
}
`,
  // The home tiles, checked by the editor against the schema it names and by navigation.test.ts.
  'src/navigation.json': `${JSON.stringify(
    {
      $schema: '../../shared/src/links/navigation.schema.json',
      tiles: [{ label: title, path: `/${screenPath}`, group: title, groupOrder: 100, needsDriverId: false }],
    },
    null,
    2,
  )}\n`,
  'src/navigation.test.ts': `import { navigationProblems } from '@driver-portal/shared/test-utils';
import navigation from './navigation.json';
import * as remote from './routes';

// navigation.json is deployed beside mf-manifest.json and read by the host's home page.
it('every home tile this remote declares opens one of its own screens', () => {
  expect(navigation.tiles.length).toBeGreaterThan(0);
  expect(navigationProblems(navigation.tiles, remote)).toEqual([]);
});
`,
  // Every call the remote makes, with its answer's schema: the sandbox serves it (sandbox/handlers.ts)
  // and checks its answers against it; the answer-variant and fault tests below read it too.
  'src/contract/index.ts': `import * as v from 'valibot';
import { listOf, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';

/** One piece of news of this area; a text the service leaves out shows empty. */
export const NewsItemSchema = v.object({
  /** Strict: the list is keyed by it. */
  id: strict(v.string(), 'each piece of news is told apart by its id'),
  title: shownText(''),
  text: shownText(''),
});
export type NewsItem = v.InferOutput<typeof NewsItemSchema>;

export const api = {
  core: {
    /** The core API knows the driver from the bearer token: no driver id in the path. */
    news: defineEndpoint('core', 'GET', 'api/${word}/novidades', { answer: listOf(NewsItemSchema, 'novidades') }),
  },
};
`,
  'src/contract/answers.test.ts': `import { describeAnswerVariants } from '@driver-portal/shared/test-utils';
import { api } from '.';

describeAnswerVariants('${dir}', api);
`,
  'src/contract/faults.test.ts': `import { describeFaultMatrix } from '@driver-portal/shared/test-utils';
import { api } from '.';

// Every call of this remote through a 400 with the service's message, 401, 404, 500, a proxy's
// HTML page, a hang and no network: always the error its screens handle, never a success.
describeFaultMatrix('${dir}', api);
`,
  // The sandbox's answers to this remote's calls: found through apps.json, no edit in sandbox-api/.
  'sandbox/handlers.ts': `import { route } from '@driver-portal/sandbox-api/remote';
import { api } from '../src/contract';

export const handlers = [
  route(api.core.news, () => ({
    status: 200,
    body: [
      { id: 'n-1', title: 'Bem-vindo', text: 'Novidades desta área aparecem aqui.' },
      { id: 'n-2', title: 'Dica', text: 'Volte ao início pelo botão Voltar.' },
    ],
  })),
];
`,
  'src/features/home/api.ts': `import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

export const fetchNews = (signal: AbortSignal) => callApi(api.core.news, { signal });
`,
  'src/features/home/HomePage.tsx': `import { useLoad } from '@driver-portal/shared/data';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { fetchNews } from './api';
import './home.css';

/** /${screenPath} — the remote's first screen: its news, loaded from its own call. */
export function HomePage() {
  const load = useLoad(fetchNews, []);
  return (
    <Page title={${titleLiteral()}} backTo={HOME_PATH}>
      <LoadView {...load} isEmpty={(list) => list.length === 0} loadingLabel="Carregando novidades...">
        {(list) => (
          <ul className="${word}-news">
            {list.map((item) => (
              <li key={item.id} className="${word}-news-item">
                <h2>{item.title}</h2>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        )}
      </LoadView>
    </Page>
  );
}
`,
  // A remote's classes are its own: named after it (deploy/test/css-classes.test.ts).
  'src/features/home/home.css': `.${word}-news {
  margin-block: 1rem;
  padding: 0;
  list-style: none;
}

.${word}-news-item {
  margin-block-end: 1rem;
}
`,
  'src/features/home/home.test.tsx': `import { screen } from '@testing-library/react';
import { ERROR_TEXTS } from '@driver-portal/shared/http';
import { mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

const news = [
  { id: 'n-1', title: 'Bem-vindo', text: 'Primeira novidade.' },
  { id: 'n-2', title: 'Dica', text: 'Segunda novidade.' },
];

describe('/${screenPath}', () => {
  it('shows the news with its title and a way back, asking for them with the driver’s token', async () => {
    const requests = recordRequests();
    mockJson(api.core.news, news);
    renderRoute({ routes, path: '/${screenPath}' });
    expect(await screen.findByRole('heading', { level: 1, name: ${titleLiteral()} })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeInTheDocument();
    expect(screen.getByText('Segunda novidade.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/api/${word}/novidades');
    expect(requests[0]?.headers.get('authorization')).toBe(\`Bearer \${TEST_TOKEN}\`);
  });

  it('says so when there is no news', async () => {
    mockJson(api.core.news, []);
    renderRoute({ routes, path: '/${screenPath}' });
    expect(await screen.findByText('Não há registros aqui ainda')).toBeInTheDocument();
  });

  it('on 500 shows the service’s message, and the retry loads the news', async () => {
    mockStatus(api.core.news, 500, { Message: 'Serviço indisponível.' });
    const { user } = renderRoute({ routes, path: '/${screenPath}' });
    expect(await screen.findByText('Serviço indisponível.')).toBeInTheDocument();
    mockJson(api.core.news, news);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeInTheDocument();
  });

  // A 404 (the call not deployed yet, a wrong path) is a failure with a retry, never "no news".
  it('on 404 shows the error with a retry, not the empty state', async () => {
    mockStatus(api.core.news, 404);
    renderRoute({ routes, path: '/${screenPath}' });
    expect(await screen.findByText(ERROR_TEXTS.unexpected)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByText('Não há registros aqui ainda')).not.toBeInTheDocument();
  });

  it('offline: says so', async () => {
    mockNetworkError(api.core.news);
    renderRoute({ routes, path: '/${screenPath}' });
    expect(await screen.findByText(ERROR_TEXTS.offline)).toBeInTheDocument();
  });
});
`,
};

for (const [file, text] of Object.entries(files)) {
  const path = join(root, dir, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
// apps.json keeps its layout: the new entry is one line, before the list's end.
const text = readFileSync(appsFile, 'utf8');
const entry = JSON.stringify({ app: dir, port, prefixes: [prefix] })
  .replace(/,"/g, ', "')
  .replace(/":/g, '": ')
  .replace(/^\{/, '{ ')
  .replace(/\}$/, ' }');
const end = text.lastIndexOf('}', text.indexOf('\n  ]'));
if (end === -1) fail('apps.json: the remotes list was not found');
writeFileSync(appsFile, `${text.slice(0, end + 1)},\n    ${entry}${text.slice(end + 1)}`);

console.log(`created ${dir}/ (${Object.keys(files).length} files) and its line in apps.json: ${entry}`);
console.log(
  `next: npm install (links the workspace), npm start, then open ${prefix}/home at the host or at http://localhost:${port}${prefix}/home`,
);
if (root !== repoRoot) console.log(`(in ${relative(repoRoot, root) || root})`);
