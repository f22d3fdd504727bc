import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './html.css';

const TAG = /<\/?[a-z][\s\S]*?>/i;

/** True when a server text holds markup (message bodies are HTML only sometimes). */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return TAG.test(text ?? '');
}

/**
 * Server HTML is only ever rendered through this: scripts, event handlers, forms, frames and
 * javascript: URLs are removed, and links open outside the webview without a referrer.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
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
