// Entry of /signout.html (see signout-page.ts); the page says which app it belongs to.
import { runSignOutPage } from './signout-page';

void runSignOutPage(document.documentElement.dataset.portalRole === 'host' ? 'host' : 'remote');
