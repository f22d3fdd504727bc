import { startStandalone } from '@driver-portal/shared/shell';
import * as remote from './routes';

void startStandalone('mfe_self_service', remote);
