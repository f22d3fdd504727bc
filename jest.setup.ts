import '@testing-library/jest-dom';
import { installPlatformTestHooks } from '@driver-portal/shared/test-utils';

installPlatformTestHooks();
