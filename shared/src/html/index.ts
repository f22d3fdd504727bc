export { looksLikeHtml, sanitizeHtml, SafeHtml, type SafeHtmlProps } from './SafeHtml';
export { safeExternalUrl } from './links';
