import '@driver-portal/shared/styles.css';
import { bootPage } from '@driver-portal/shared/boot';

bootPage();
void import('./bootstrap');
