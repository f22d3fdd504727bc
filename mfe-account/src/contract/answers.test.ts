import { describeAnswerVariants } from '@driver-portal/shared/test-utils';
import { api } from '.';

describeAnswerVariants('mfe-account', api);
