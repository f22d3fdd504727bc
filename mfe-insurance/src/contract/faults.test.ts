import { describeFaultMatrix } from '@driver-portal/shared/test-utils';
import { api } from '.';

// Every call of this remote through a 400 with the service's message, 401, 404, 500, a proxy's
// HTML page, a hang and no network: always the error its screens handle, never a success.
describeFaultMatrix('mfe-insurance', api);
