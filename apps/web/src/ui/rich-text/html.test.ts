import { describe, expect, it } from 'vitest';
import { escapeHtml, imageHtml, isBlankHtml, stripQuery, uploadExtOf } from './html.ts';

describe('rich-text helpers', () => {
  it('drops the signed query from an upload URL (spec §7)', () => {
    expect(stripQuery('/uploads/put/ab12.png?sig=ff&exp=1')).toBe('/uploads/put/ab12.png');
    expect(stripQuery('/uploads/put/ab12.png')).toBe('/uploads/put/ab12.png');
    expect(stripQuery('https://cdn.example/x.png#top')).toBe('https://cdn.example/x.png');
  });

  it('finds the upload extension from the type, then the name', () => {
    expect(uploadExtOf({ name: 'a.bin', type: 'image/png' })).toBe('png');
    expect(uploadExtOf({ name: 'photo.JPG', type: '' })).toBe('jpg');
    expect(uploadExtOf({ name: 'photo', type: 'image/jpeg' })).toBe('jpg');
    expect(uploadExtOf({ name: 'x.webp', type: 'image/webp' })).toBe('webp');
    expect(uploadExtOf({ name: 'x.svg', type: 'image/svg+xml' })).toBeNull();
    expect(uploadExtOf({ name: 'doc.pdf', type: 'application/pdf' })).toBeNull();
  });

  it('writes an escaped image tag', () => {
    expect(imageHtml('/uploads/put/a.png')).toBe('<img src="/uploads/put/a.png" alt="">');
    expect(imageHtml('/x" onerror="alert(1)')).toBe('<img src="/x&quot; onerror=&quot;alert(1)" alt="">');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('treats empty editor output as blank, like the server', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<div>&nbsp; </div><p>&#160;</p>')).toBe(true);
    expect(isBlankHtml('<p>hi</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="/uploads/put/a.png"></p>')).toBe(false);
  });
});
