import { render } from '@testing-library/react';
import { looksLikeHtml, SafeHtml, sanitizeHtml } from '.';

describe('server HTML', () => {
  it('keeps content and removes scripts, handlers, javascript: links and styles', () => {
    const clean = sanitizeHtml(
      '<p style="color:red">Olá <strong>motorista</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><iframe src="https://e"></iframe>',
    );
    expect(clean).toContain('<strong>motorista</strong>');
    expect(clean).not.toMatch(/script|onerror|javascript:|iframe|style=/);
  });

  it('opens links outside the webview without a referrer', () => {
    const { container } = render(<SafeHtml html={'<a href="https://provedor.com.br">site</a>'} />);
    const link = container.querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('gives server images without a text an empty alt', () => {
    const { container } = render(<SafeHtml html={'<img src="https://x/a.png"><img src="https://x/b.png" alt="Mapa">'} />);
    const [first, second] = Array.from(container.querySelectorAll('img'));
    expect(first).toHaveAttribute('alt', '');
    expect(second).toHaveAttribute('alt', 'Mapa');
  });

  it('tells markup from plain text', () => {
    expect(looksLikeHtml('<p>oi</p>')).toBe(true);
    expect(looksLikeHtml('5 < 6 e 7 > 3')).toBe(false);
    expect(looksLikeHtml(null)).toBe(false);
  });
});
