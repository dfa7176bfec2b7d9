import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeHtml } from './service.ts';

describe('sanitizeHtml (allow-list)', () => {
  it('keeps ordinary formatting as it was written', () => {
    const html =
      '<p>안녕하세요 <strong>굵게</strong> <em>기울임</em> <u>밑줄</u><br></p><ul><li>하나</li><li>둘</li></ul>' +
      '<p style="text-align: center; color: #ff0000">가운데</p><a href="https://example.com/a?b=1&amp;c=2">link</a>' +
      '<img src="/uploads/put/0123456789abcdef0123456789abcdef.png" alt="그림"><table><tbody><tr><td colspan="2">셀</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes <script>, <style>, <iframe> and <svg> with everything inside', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeHtml('<SCRIPT type="text/javascript">document.cookie</SCRIPT >x')).toBe('x');
    expect(sanitizeHtml('<style>body{display:none}</style>ok')).toBe('ok');
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
    expect(sanitizeHtml('<svg onload="alert(1)"><circle/></svg>ok')).toBe('ok');
    expect(sanitizeHtml('<script>never closed')).toBe('');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
  });

  it('drops event handler attributes however they are written', () => {
    expect(sanitizeHtml('<img src="x.png" onerror="alert(1)">')).toBe('<img src="x.png">');
    expect(sanitizeHtml('<img src=x.png onerror=alert(1)//>')).toBe('<img src="x.png">');
    expect(sanitizeHtml('<img/src="x.png"/onerror="alert(1)">')).toBe('<img src="x.png">');
    expect(sanitizeHtml('<p ONCLICK="steal()" onmouseover=\'x()\'>hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeHtml('<b title="a > b" onclick="x">t</b>')).toBe('<b title="a &gt; b">t</b>');
  });

  it('removes javascript:, vbscript: and data: URLs, including encoded ones', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ])
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    expect(sanitizeHtml('<img src="javascript:alert(1)">')).toBe('<img>');
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=">');
    expect(sanitizeHtml('<a href="data:image/png;base64,iVBORw0KGgo=">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/board/notice#top">x</a>')).toBe('<a href="/board/notice#top">x</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com">x</a>')).toBe('<a href="mailto:help@example.com">x</a>');
  });

  it('filters styles down to formatting properties', () => {
    expect(sanitizeHtml('<span style="color: red; background-image: url(javascript:alert(1)); position: fixed">t</span>')).toBe(
      '<span style="color: red">t</span>',
    );
    expect(sanitizeHtml('<span style="width: expression(alert(1))">t</span>')).toBe('<span>t</span>');
  });

  it('unwraps unknown tags, drops comments, closes what was left open and escapes stray brackets', () => {
    expect(sanitizeHtml('<custom-tag>텍스트</custom-tag>')).toBe('텍스트');
    expect(sanitizeHtml('<form action="/x"><input value="a">b</form>')).toBe('b');
    expect(sanitizeHtml('a<!-- <script>alert(1)</script> -->b')).toBe('ab');
    expect(sanitizeHtml('<p><b>bold')).toBe('<p><b>bold</b></p>');
    expect(sanitizeHtml('</div>text</p>')).toBe('text');
    expect(sanitizeHtml('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 &gt; 2');
    expect(sanitizeHtml('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('never lets a tag through that it did not write itself (fuzz)', () => {
    const parts = ['<', '>', '"', "'", '=', '/', 'script', 'img', 'onerror', 'a', 'href', 'javascript:', ' ', '&#', 'x', '<!--', '-->', 'p', 'svg'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 2000; n++) {
      let s = '';
      for (let k = 0; k < 30; k++) s += parts[next() % parts.length];
      const out = sanitizeHtml(s);
      // Text may say anything (it is escaped); what matters is every tag in the output.
      for (const tag of out.match(/<[^>]*>/g) ?? []) {
        expect(tag).toMatch(/^<\/?(p|img|a)( (src|href)="[^"<>]*")?>$/);
        expect(tag).not.toMatch(/(href|src)="[^"]*javascript:/i);
      }
      expect(sanitizeHtml(out)).toBe(out); // stable: cleaning clean HTML changes nothing
    }
  });

  it('tells empty rich text from content', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="/x.png"></p>')).toBe(false);
  });
});
