// Flat config. Dependencies flow one way: shared -> features -> app shell. A remote never imports
// another remote (or the host); shared never imports an app; a feature never reaches into
// another feature; no import cycles; test utilities stay in tests.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import compat from 'eslint-plugin-compat';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import suite from './build-preset/apps.cjs';
import floor from './build-preset/eslint-rules/web-api-floor.cjs';
import buildPreset from './build-preset/package.json' with { type: 'json' };
import sharedDeps from './build-preset/shared-deps.cjs';

const { ROUTER_API } = sharedDeps;
/** Types are erased at build time: always allowed. */
const ROUTER_TYPES = ['RouteObject', 'LinkProps', 'PatchRoutesOnNavigationFunction', 'NavigateOptions', 'To'];

/** The host and every remote: the one list of apps (apps.json). */
const APPS = suite.APPS.map((app) => app.dir);

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * The browser floor (docs/browsers.md): build-preset/package.json's browserslist, the list the
 * compiler targets too. Held against what the apps ship (their src, not tests or test utilities):
 * compat/compat for APIs, floor/web-api-options for the options, option values and events that
 * compat does not see.
 */
const browserFloor = {
  files: [...APPS, 'shared'].map((dir) => `${dir}/src/**/*.{ts,tsx}`),
  ignores: [...TEST_FILES, 'shared/src/test-utils/**'],
  plugins: { compat, floor },
  settings: { browsers: buildPreset.browserslist },
  rules: { 'compat/compat': 'error', 'floor/web-api-options': 'error' },
};

// Test doubles and network mocks are for tests only: app code that imported them would ship them.
const testOnly = [
  {
    group: ['@driver-portal/shared/test-utils', '@driver-portal/shared/test-utils/*', 'msw', 'msw/*', '@testing-library/*'],
    message: 'Test utilities stay in tests (*.test.ts[x]).',
  },
];

// React Router is shared tree-shaken to this list (build-preset/shared-deps.cjs): importing
// anything else would ask the host's copy for an export it does not have.
const routerPaths = [
  {
    name: 'react-router',
    allowImportNames: [...ROUTER_API, ...ROUTER_TYPES],
    message: 'Only the React Router API listed in build-preset/shared-deps.cjs (ROUTER_API) is shared; add the name there first.',
  },
  { name: 'react-router-dom', message: "Import from 'react-router': the suite shares one tree-shaken copy of it." },
];

// Libraries apps reach only through the shared platform modules (one copy, one context per page).
const platformOnly = [
  { name: 'formik', message: 'Import Formik from @driver-portal/shared/forms (one Formik context for the platform fields and the app).' },
  { name: 'yup', message: 'Import schema builders from @driver-portal/shared/validation.' },
  { name: 'axios', message: 'Call services with callApi from @driver-portal/shared/http.' },
  { name: 'dompurify', message: 'Render server HTML with SafeHtml from @driver-portal/shared/html.' },
];

/** Forbids importing any app other than `self` (and, outside its tests, test utilities). */
function isolate(self) {
  const others = APPS.filter((app) => app !== self);
  const patterns = others.flatMap((app) => [
    {
      group: [`@driver-portal/${app}`, `@driver-portal/${app}/*`],
      message: `${self} must not import ${app}: move shared code to @driver-portal/shared.`,
    },
    {
      group: [`**/${app}/**`, `**/${app}`],
      message: `${self} must not import ${app}'s source: move shared code to @driver-portal/shared.`,
    },
  ]);
  const restrict = (extra) => ({
    'no-restricted-imports': ['error', { paths: [...routerPaths, ...platformOnly], patterns: [...patterns, ...extra] }],
  });
  return [
    { files: [`${self}/**/*.{ts,tsx}`], ignores: TEST_FILES, rules: restrict(testOnly) },
    { files: TEST_FILES.map((glob) => `${self}/${glob}`), rules: restrict([]) },
  ];
}

/**
 * Inside an app, a feature (src/features/<name>) uses another feature only through what the app
 * shares at its top (src/contract, src/session, routes): never through its internals.
 */
function featureZones(app) {
  const features = `${app}/src/features`;
  if (!existsSync(features)) return [];
  return readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${features}/${name}`,
      from: `./${features}`,
      except: [`./${name}`],
      message: `Features do not import each other: move what ${name} needs to ${app}/src (or @driver-portal/shared for every app).`,
    }));
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/sourcemaps/**',
      '**/node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      '.deploy/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: APPS.flatMap(featureZones) }],
    },
  },
  ...APPS.flatMap(isolate),
  browserFloor,
  ...[false, true].map((tests) => ({
    files: tests ? ['shared/src/**/*.test.{ts,tsx}', 'shared/src/test-utils/**'] : ['shared/src/**/*.{ts,tsx}'],
    ignores: tests ? [] : [...TEST_FILES, 'shared/src/test-utils/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@driver-portal/host*', '@driver-portal/mfe-*', '**/host/**', '**/mfe-*/**'],
              message: 'The platform library never depends on an app.',
            },
            // Singleton parts must be imported by package name so federation shares one copy.
            {
              group: ['../*', '!../session/keys', '!../session/handoff'],
              message: 'Import another part of the platform as @driver-portal/shared/<part>.',
            },
            ...(tests ? [] : testOnly),
          ],
        },
      ],
    },
  })),

  {
    // Every end-to-end test runs in its own sandbox namespace: that is `test` from ./support.
    files: ['e2e/tests/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import test, expect and Playwright's types from './support' (each test's own sandbox namespace).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{cjs,mjs,js}', 'sandbox-api/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
