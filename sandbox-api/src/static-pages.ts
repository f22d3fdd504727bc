import { TERMS_TITLES } from './fixtures/register';

/** Pages the seed links to (terms documents, invoices), so no link leaves the machine. */

export interface StaticPage {
  contentType: string;
  body: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function htmlPage(title: string, paragraphs: string[]): StaticPage {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('');
  return {
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  };
}

/** The page at `pathname` (query already removed), or undefined. */
export function staticPage(pathname: string, query: URLSearchParams): StaticPage | undefined {
  const terms = /^\/static\/terms-(\d+)\.html$/.exec(pathname);
  if (terms) {
    const title = TERMS_TITLES[Number(terms[1])];
    return title === undefined
      ? undefined
      : htmlPage(title, [`Documento de exemplo do sandbox: ${title.toLowerCase()} do portal do motorista.`, 'Versão 2025.']);
  }
  if (pathname === '/static/nota-fiscal.html') {
    const number = (query.get('numero') ?? '').replace(/\D/g, '') || 'sem número';
    return htmlPage(`Nota fiscal ${number}`, ['Nota fiscal de exemplo emitida pelo sandbox.']);
  }
  if (pathname === '/static/selfie.svg') return { contentType: 'image/svg+xml', body: SELFIE_SVG };
  return undefined;
}

/** The demo driver's profile photo: a drawn face, so no picture of a real person is needed. */
const SELFIE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">' +
  '<rect width="160" height="160" fill="#d7e3f4"/><circle cx="80" cy="64" r="32" fill="#8d5a3b"/>' +
  '<path d="M24 160c4-34 28-52 56-52s52 18 56 52z" fill="#1f4e8c"/></svg>';
