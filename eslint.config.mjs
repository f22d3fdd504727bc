// Flat config. Dependencies flow one way: shared -> remotes / host. A remote never imports
// another remote (or the host); shared never imports an app.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import sharedDeps from './build-preset/shared-deps.cjs';

const { ROUTER_API } = sharedDeps;
/** Types are erased at build time: always allowed. */
const ROUTER_TYPES = ['RouteObject', 'LinkProps', 'PatchRoutesOnNavigationFunction', 'NavigateOptions', 'To'];

const APPS = ['host', 'mfe-self-service', 'mfe-onboarding', 'mfe-account', 'mfe-insurance'];

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

/** Forbids importing any app other than `self`, by package name or by relative path. */
function isolate(self) {
  const others = APPS.filter((app) => app !== self);
  return {
    files: [`${self}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...routerPaths, ...platformOnly],
          patterns: others.flatMap((app) => [
            {
              group: [`@driver-portal/${app}`, `@driver-portal/${app}/*`],
              message: `${self} must not import ${app}: move shared code to @driver-portal/shared.`,
            },
            {
              group: [`**/${app}/**`, `**/${app}`],
              message: `${self} must not import ${app}'s source: move shared code to @driver-portal/shared.`,
            },
          ]),
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.deploy/**'] },
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
  ...APPS.map(isolate),
  {
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@driver-portal/host*', '@driver-portal/mfe-*', '**/host/**', '**/mfe-*/**'],
              message: 'The platform library never depends on an app.',
            },
            // Stateful subpaths must be imported by package name so federation shares one copy.
            { group: ['../*', '!../session/keys'], message: 'Import another part of the platform as @driver-portal/shared/<part>.' },
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
