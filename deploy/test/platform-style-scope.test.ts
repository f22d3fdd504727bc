/**
 * @jest-environment jest-fixed-jsdom
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isScopedPlatformStyle, platformStyleScope, scopePlatformCss } from '../../build-preset/platform-style-scope.cjs';

/*
 * Two copies of the platform's styles on one page (an older account remote and a newer
 * self-service at the host): each applies to the screens rendered by its own copy of the
 * components (their root carries its scope), never to the other's. The browser's side of it is
 * e2e/tests/deploy.spec.ts, "styles across versions".
 */

const ROOT = join(__dirname, '..', '..');
const uiCss = readFileSync(join(ROOT, 'shared', 'src', 'ui', 'ui.css'), 'utf8');
const OLD = 'pold0001';
const NEW = 'pnew0002';

/** The selectors of every rule of `sheet` (inside @media too) that match `element`. */
function matchingRules(sheet: CSSStyleSheet, element: Element): string[] {
  const matches: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && element.matches(rule.selectorText)) matches.push(rule.selectorText);
      else if (rule instanceof CSSMediaRule) visit(rule.cssRules);
    }
  };
  visit(sheet.cssRules);
  return matches;
}

function sheetOf(css: string): CSSStyleSheet {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  if (!style.sheet) throw new Error('no stylesheet');
  return style.sheet;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the platform’s styles, scoped per copy', () => {
  it('a copy styles the screens of its own scope and elements under no scope, never a screen of another scope', () => {
    const older = sheetOf(scopePlatformCss(uiCss, OLD));
    const newer = sheetOf(scopePlatformCss(uiCss.replace('font-size: 1.15rem;', 'font-size: 2.5rem;'), NEW));
    document.body.innerHTML = `
      <main>
        <div class="page" data-platform-style="${OLD}" id="account"><header class="page-header"><h1 class="page-title">Minha conta</h1></header>
          <div class="page-body"><button class="button button-primary">Salvar</button></div></div>
        <div class="page" data-platform-style="${NEW}" id="notifications"><header class="page-header"><h1 class="page-title">Notificações</h1></header></div>
        <a class="button button-primary" id="unscoped">Entrar</a>
      </main>`;
    const account = document.getElementById('account') as HTMLElement;
    const notifications = document.getElementById('notifications') as HTMLElement;
    const accountTitle = account.querySelector('.page-title') as HTMLElement;
    const notificationsTitle = notifications.querySelector('.page-title') as HTMLElement;

    // The older screen: its own copy's rules, the root itself included; none of the newer copy's.
    expect(matchingRules(older, account).length).toBeGreaterThan(0);
    expect(matchingRules(older, accountTitle).length).toBeGreaterThan(0);
    expect(matchingRules(older, account.querySelector('.button') as HTMLElement).length).toBe(2);
    expect(matchingRules(newer, account)).toEqual([]);
    expect(matchingRules(newer, accountTitle)).toEqual([]);
    // And the other way round.
    expect(matchingRules(newer, notificationsTitle).length).toBeGreaterThan(0);
    expect(matchingRules(older, notificationsTitle)).toEqual([]);
    expect(matchingRules(older, notifications)).toEqual([]);
    // Under no screen's root (markup painted before any script): every copy, as before.
    const unscoped = document.getElementById('unscoped') as HTMLElement;
    expect(matchingRules(older, unscoped)).toHaveLength(2);
    expect(matchingRules(newer, unscoped)).toHaveLength(2);
  });

  it('keeps what a rule says and where it applies otherwise: pseudo-elements, :is() lists, @media, keyframes renamed per scope', () => {
    const code = scopePlatformCss(readFileSync(join(ROOT, 'shared', 'src', 'forms', 'code.css'), 'utf8'), OLD);
    // The condition goes on the element, before the pseudo-element.
    expect(code).toMatch(/\.field-code:not\(\.field-invalid\):not\(:where\([^{]*\)\)::after \{/);
    const loading = scopePlatformCss(readFileSync(join(ROOT, 'shared', 'src', 'ui', 'loading.css'), 'utf8'), OLD);
    expect(loading).toContain(`@keyframes spin-${OLD} {`);
    expect(loading).toContain(`animation: spin-${OLD} 0.8s linear infinite;`);
    expect(loading).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.spinner:not\(:where\(/);
    const html = scopePlatformCss(readFileSync(join(ROOT, 'shared', 'src', 'html', 'html.css'), 'utf8'), OLD);
    // A comma inside :is() is no selector list of the rule's.
    expect(html).toContain(
      '.html-body :is(p, div, span, a, figure, section, blockquote, h1, h2, h3, h4, h5, h6, ul, ol, li):empty:not(:where(',
    );
    // Declarations untouched; every selector of a list scoped.
    expect(scopePlatformCss('.a,\n.b > .c { color: red; }', OLD)).toBe(
      `.a:not(:where([data-platform-style]:not([data-platform-style=${OLD}]), [data-platform-style]:not([data-platform-style=${OLD}]) *)),\n` +
        `.b > .c:not(:where([data-platform-style]:not([data-platform-style=${OLD}]), [data-platform-style]:not([data-platform-style=${OLD}]) *)) { color: red; }`,
    );
    // The scoped sheets parse: as many rules as before.
    const plain = sheetOf(uiCss).cssRules.length;
    expect(sheetOf(scopePlatformCss(uiCss, OLD)).cssRules.length).toBe(plain);
  });

  it('scopes the platform’s stateless styles only: not the shell (a singleton), not the page-wide base, not an app’s own', () => {
    expect(isScopedPlatformStyle('/x/shared/src/ui/ui.css')).toBe(true);
    expect(isScopedPlatformStyle('/x/.tmp/style-src/shared/src/forms/code.css')).toBe(true);
    expect(isScopedPlatformStyle('/x/shared/src/shell/shell.css')).toBe(false);
    expect(isScopedPlatformStyle('/x/shared/src/styles/portal.css')).toBe(false);
    expect(isScopedPlatformStyle('/x/mfe-account/src/features/eula/eula.css')).toBe(false);
  });

  it('the scope is the platform’s styles’ content: the same for apps built from one tree, another when a rule changes', () => {
    const host = platformStyleScope(join(ROOT, 'host'));
    expect(host).toMatch(/^p[0-9a-f]{8}$/);
    expect(platformStyleScope(join(ROOT, 'mfe-account'))).toBe(host);

    // A squad's tree whose platform library changed one rule (the version left as it was).
    const tree = mkdtempSync(join(tmpdir(), 'style-scope-'));
    try {
      cpSync(join(ROOT, 'shared', 'src'), join(tree, 'shared', 'src'), { recursive: true });
      cpSync(join(ROOT, 'shared', 'package.json'), join(tree, 'shared', 'package.json'));
      mkdirSync(join(tree, 'app', 'node_modules', '@driver-portal'), { recursive: true });
      symlinkSync(join(tree, 'shared'), join(tree, 'app', 'node_modules', '@driver-portal', 'shared'), 'dir');
      expect(platformStyleScope(join(tree, 'app'))).toBe(host);
      // A change to a file the scope does not cover (the shell's) keeps it.
      writeFileSync(join(tree, 'shared', 'src', 'shell', 'shell.css'), '.dialog { color: red; }\n');
      expect(platformStyleScope(join(tree, 'app'))).toBe(host);
      writeFileSync(join(tree, 'shared', 'src', 'ui', 'ui.css'), uiCss.replace('font-size: 1.15rem;', 'font-size: 2.5rem;'));
      expect(platformStyleScope(join(tree, 'app'))).not.toBe(host);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
