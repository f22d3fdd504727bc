/*
 * The banner of a squad's local remotes (local-override.ts): on every page of the tab while an
 * override is in effect, so running a squad's own code inside a deployed host is never silent.
 * Plain DOM in the devtools chunk, outside React's root (it stays through every navigation and
 * whatever a remote's screen does), styled through the CSSOM: the CSP refuses style attributes
 * written in markup, not properties set by script.
 */

export const BANNER_LABEL = 'Remotas locais';
export const CLEAR_LABEL = 'Limpar remotas locais e recarregar';

/** Shows the banner at the top of `doc`'s body (once); the button calls `clear`. */
export function showOverrideBanner(doc: Document, overrides: ReadonlyMap<string, string>, clear: () => void): HTMLElement {
  doc.getElementById('portal-overrides-region')?.remove();
  // A region landmark with a name: screen readers list it, and axe's "region" rule is kept.
  const banner = doc.createElement('section');
  banner.id = 'portal-overrides-region';
  banner.setAttribute('aria-label', BANNER_LABEL);
  Object.assign(banner.style, {
    background: '#fff3c4',
    color: '#1f1f1f',
    borderBottom: '3px solid #8a5a00',
    padding: '8px 12px',
    font: '14px/1.4 system-ui, sans-serif',
  });
  for (const [name, url] of overrides) {
    const line = doc.createElement('p');
    line.textContent = `Remota local: ${name} ← ${new URL(url).origin}`;
    line.title = url;
    Object.assign(line.style, { margin: '0 0 6px', overflowWrap: 'anywhere' });
    banner.appendChild(line);
  }
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = CLEAR_LABEL;
  // At least 44 px high: a touch target, as the portal's own buttons.
  Object.assign(button.style, {
    minHeight: '44px',
    padding: '8px 12px',
    background: '#1f1f1f',
    color: '#ffffff',
    border: '0',
    borderRadius: '6px',
    font: 'inherit',
    cursor: 'pointer',
  });
  button.addEventListener('click', clear);
  banner.appendChild(button);
  doc.body.prepend(banner);
  return banner;
}
