import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { installPlatformTestHooks } from '@driver-portal/shared/test-utils';

// A screen's first render compiles its chunk and answers through msw: on a loaded 2-core machine
// (Jest beside the typecheck, lint and a browser pass in `npm test`) that took over findBy's
// default 1 s. A wait that succeeds ends as soon as it does, so only a failing test waits longer.
configure({ asyncUtilTimeout: 4_000 });

installPlatformTestHooks();
