import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { withoutPortalToken } from '@driver-portal/shared/links';
import './html.css';

const TAG = /<\/?[a-z][\s\S]*?>/i;

/** True when a server text holds markup (message bodies are HTML only sometimes). */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return TAG.test(text ?? '');
}

/**
 * Server HTML is only ever rendered through this: scripts, event handlers, forms, frames and
 * javascript: URLs are removed, and links open outside the webview without a referrer. What
 * the removal leaves behind goes too (see `removeLeftovers`), so a body shows no empty gap.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  // RETURN_DOM gives the <body> holding the result (DOMPurify's types only say Node).
  const body = DOMPurify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    // A <dialog open> is drawn over the screen like the portal's own dialogs.
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed', 'dialog'],
    // No class, id or style of ours: server HTML must not dress up as the portal (a
    // `dialog-backdrop` drawing a fake login over the screen) or reach its anchors. No `name`
    // (it names globals: DOM clobbering), and no popover, which opens in the top layer, above
    // everything and outside the body's box.
    FORBID_ATTR: ['style', 'class', 'id', 'name', 'popover', 'popovertarget', 'popovertargetaction', 'interestfor'],
    RETURN_DOM: true,
  }) as HTMLElement;
  removeLeftovers(body);
  return body.innerHTML;
}

/** Elements that are whole without content (an image counts only with an address). */
const VOID_OR_MEDIA = new Set(['BR', 'HR', 'WBR', 'IMG', 'PICTURE', 'VIDEO', 'AUDIO', 'SOURCE', 'TRACK', 'SVG', 'CANVAS']);
/** A table keeps its empty cells: removing one would shift the columns. */
const TABLE_PARTS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TD', 'TH', 'COLGROUP', 'COL', 'CAPTION']);
const NO_TEXT = /^[\s\u00a0\u200b]*$/;

/**
 * After sanitizing: an image left without an address (its javascript: or otherwise unsafe `src`
 * removed) is dropped, and so is every element then left with no text and nothing to show (the
 * `<p>` around a removed image or frame, `<p>&nbsp;</p>` and `<p><br></p>` spacers): each would
 * be an empty gap of margins and line height in the body. Deepest first, so a wrapper that only
 * held empty wrappers goes too.
 */
function removeLeftovers(root: HTMLElement): void {
  const elements = Array.from(root.querySelectorAll('*')).reverse();
  for (const element of elements) {
    const tag = element.tagName.toUpperCase();
    if (tag === 'IMG') {
      if (!element.getAttribute('src')?.trim()) element.remove();
      continue;
    }
    if (VOID_OR_MEDIA.has(tag) || TABLE_PARTS.has(tag)) continue;
    const showsSomething = Array.from(element.querySelectorAll('*')).some((inner) => {
      const innerTag = inner.tagName.toUpperCase();
      return innerTag !== 'BR' && innerTag !== 'WBR' && (VOID_OR_MEDIA.has(innerTag) || TABLE_PARTS.has(innerTag));
    });
    if (!showsSomething && NO_TEXT.test(element.textContent ?? '')) element.remove();
  }
}

let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const href = node.tagName === 'A' ? node.getAttribute('href') : null;
    if (href) {
      // A link never brings a token, whatever host it names (docs/security.md, "Where a token comes from").
      try {
        const url = new URL(href, window.location.href);
        if (url.search !== withoutPortalToken(url).search) node.setAttribute('href', url.href);
      } catch {
        // Not a URL the browser can open either: left as DOMPurify allowed it.
      }
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    // Server images without a text are decoration to a screen reader, not "unlabelled image".
    if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  });
}

export interface SafeHtmlProps {
  html: string | null | undefined;
  className?: string;
}

export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => {
    ensureLinkHook();
    return sanitizeHtml(html);
  }, [html]);
  return <div className={className ?? 'html-body'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
