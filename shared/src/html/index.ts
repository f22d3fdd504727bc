export { looksLikeHtml, sanitizeHtml, SafeHtml, type SafeHtmlProps } from './SafeHtml';
