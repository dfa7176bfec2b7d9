// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeForDisplay } from './rich-html.ts';

describe('sanitizeForDisplay (DOMPurify from the shared allow-list)', () => {
  it("keeps ordinary formatting, this site's images and safe links", () => {
    const html =
      '<p>안녕하세요 <strong>굵게</strong> <em>기울임</em><br></p><ul><li>하나</li></ul>' +
      '<p style="text-align: center; color: #ff0000">가운데</p><a href="https://example.com/a?b=1&amp;c=2">link</a>' +
      '<img src="/uploads/put/0123456789abcdef0123456789abcdef.png" alt="그림"><table><tbody><tr><td colspan="2">셀</td></tr></tbody></table>';
    expect(sanitizeForDisplay(html)).toBe(html);
  });

  it('removes script, style, iframe and svg with their content; unwraps unknown tags', () => {
    expect(sanitizeForDisplay('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeForDisplay('<style>body{display:none}</style>ok')).toBe('ok');
    expect(sanitizeForDisplay('<iframe src="https://evil.example">x</iframe>ok')).toBe('ok');
    expect(sanitizeForDisplay('<svg onload="alert(1)"><text>t</text></svg>ok')).toBe('ok');
    expect(sanitizeForDisplay('<custom-tag>텍스트</custom-tag><form action="/x"><input value="a">b</form>')).toBe('텍스트b');
    expect(sanitizeForDisplay('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
  });

  it('drops handlers, unsafe links and every image not from this site', () => {
    expect(sanitizeForDisplay('<img src="/a.png" onerror="alert(1)">')).toBe('<img src="/a.png">');
    expect(sanitizeForDisplay('<p onclick="x()" data-x="1" aria-label="a">hi</p>')).toBe('<p>hi</p>');
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', '&#106;avascript:alert(1)', 'data:text/html,x', 'vbscript:x'])
      expect(sanitizeForDisplay(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    expect(sanitizeForDisplay('<a href="mailto:cs@example.com">x</a>')).toBe('<a href="mailto:cs@example.com">x</a>');
    for (const src of [
      'https://tracker.example/p.gif',
      '//tracker.example/p.gif',
      '/\\tracker.example/p.gif',
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
    ])
      expect(sanitizeForDisplay(`<img src="${src}" alt="a">`)).toBe('<img alt="a">');
    expect(sanitizeForDisplay('<p src="/a.png" href="/x">t</p>')).toBe('<p>t</p>'); // per-tag attributes
  });

  it('filters styles, targets and classes like the server', () => {
    expect(sanitizeForDisplay('<span style="color: red; background-image: url(javascript:x); position: fixed">t</span>')).toBe(
      '<span style="color: red">t</span>',
    );
    expect(sanitizeForDisplay('<span style="width: expression(alert(1))">t</span>')).toBe('<span>t</span>');
    expect(sanitizeForDisplay('<a href="/x" target="_blank" rel="opener">x</a>')).toBe('<a href="/x" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeForDisplay('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizeForDisplay('<b class="big &quot;x">t</b><i class="ok">u</i>')).toBe('<b>t</b><i class="ok">u</i>');
  });
});
