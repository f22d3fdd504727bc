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

  it('a link loses its token whatever host it names (the portal answers on several names: it would sign the driver in as someone else)', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<a href="http://localhost:3000/App?token=attacker&amp;driverId=9">portal</a> <a href="/policies/x?Token=attacker">relative</a> <a href="http://127.0.0.1:3000/App?token=attacker">other name</a> <a href="https://seguradora.example/apolice.pdf?sig=assinado">apólice</a>'
        }
      />,
    );
    const hrefs = Array.from(container.querySelectorAll('a')).map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      'http://localhost:3000/App?driverId=9',
      'http://localhost/policies/x',
      'http://127.0.0.1:3000/App',
      'https://seguradora.example/apolice.pdf?sig=assinado',
    ]);
  });

  it('gives server images without a text an empty alt', () => {
    const { container } = render(<SafeHtml html={'<img src="https://x/a.png"><img src="https://x/b.png" alt="Mapa">'} />);
    const [first, second] = Array.from(container.querySelectorAll('img'));
    expect(first).toHaveAttribute('alt', '');
    expect(second).toHaveAttribute('alt', 'Mapa');
  });

  it('leaves no empty gap where a removed image was: the image and the elements it leaves empty go', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p>Olá, motorista.</p><p><img src="javascript:alert(1)"></p><div><p>&nbsp;</p><a href="https://x"><img src="javascript:alert(2)"></a></div><p><iframe src="https://e"></iframe></p><p>Até logo.</p>'
        }
      />,
    );
    const body = container.querySelector('.html-body') as HTMLElement;
    expect(body.querySelector('img')).toBeNull();
    expect(Array.from(body.children).map((child) => child.outerHTML)).toEqual(['<p>Olá, motorista.</p>', '<p>Até logo.</p>']);
  });

  it('keeps what shows something: images with an address, line breaks between text, rules and table cells', () => {
    const clean = sanitizeHtml(
      '<p><a href="https://x"><img src="https://x/a.png"></a></p><p>linha 1<br>linha 2</p><hr><table><tbody><tr><td></td><td>R$ 10,00</td></tr></tbody></table>',
    );
    expect(clean).toContain('<img src="https://x/a.png"');
    expect(clean).toContain('linha 1<br>linha 2');
    expect(clean).toContain('<hr>');
    expect(clean).toContain('<td></td><td>R$ 10,00</td>');
  });

  it("keeps no class, id or style of ours: a body cannot dress up as the portal's dialog or overlay", () => {
    const html = sanitizeHtml(
      '<div class="dialog-backdrop" id="conteudo" style="position:fixed;inset:0"><p class="loading-overlay">Sessão expirada</p><a href="https://evil.example/login" class="button button-primary">Entrar</a></div>',
    );
    expect(html).not.toMatch(/class=|id=|style=/);
    expect(html).toContain('Sessão expirada');
    expect(html).toContain('href="https://evil.example/login"');
  });

  it('draws nothing above the screen: no open dialog, no popover, no named global (the XSS corpus found these)', () => {
    const html = sanitizeHtml(
      '<dialog open>Sessão expirada</dialog><div popover="manual">x</div><a href="https://e.example" popovertarget="p" interestfor="p">y</a><img name="cookie" src="x">',
    );
    expect(html).not.toMatch(/<dialog|popover|interestfor|name=/);
    expect(html).toContain('y</a>');
  });

  it('tells markup from plain text', () => {
    expect(looksLikeHtml('<p>oi</p>')).toBe(true);
    expect(looksLikeHtml('5 < 6 e 7 > 3')).toBe(false);
    expect(looksLikeHtml(null)).toBe(false);
  });
});
