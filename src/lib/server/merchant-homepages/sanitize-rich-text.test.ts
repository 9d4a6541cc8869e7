import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

const clean = (html: string) => sanitizeRichText(html).html;

describe('rich text sanitising (docs/product/merchant-homepage.md#rich-text)', () => {
  it('keeps the allowed elements as they are', () => {
    const html = '<h2>Leather</h2><p>Full <strong>grain</strong>, <em>soft</em>, <u>dyed</u>, <s>cheap</s><br>tanned</p><h3>Uses</h3><ul><li>shoes</li></ul><ol><li>bags</li></ol><blockquote>Since 1998</blockquote>';
    expect(clean(html)).toBe(html);
  });

  it('drops script elements with their content, and other unknown elements keeping their text', () => {
    expect(clean('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(clean('<script src="https://evil.example/x.js"></script><p>ok</p>')).toBe('<p>ok</p>');
    expect(clean('<style>p{color:red}</style><div><span>text</span></div>')).toBe('text');
    expect(clean('<iframe src="https://evil.example"></iframe><p>x</p>')).toBe('<p>x</p>');
    expect(clean('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>')).not.toMatch(/script|svg|math|alert/);
    expect(clean('<form action="/logout"><input name="a"><button>Go</button></form>')).toBe('Go');
  });

  it('drops event handlers, style and every other attribute', () => {
    expect(clean('<p onclick="alert(1)" style="color:red" class="x" id="y" data-a="1">t</p>')).toBe('<p>t</p>');
    expect(clean('<img src="/api/img/5/large.jpg" onerror="alert(1)">')).toBe('<img src="/api/img/5/large.jpg" alt="">');
    expect(clean('<strong onmouseover="alert(1)">b</strong>')).toBe('<strong>b</strong>');
  });

  it('keeps http, https and mailto links, each with rel="noopener nofollow"', () => {
    expect(clean('<a href="https://example.com/a?b=1">x</a>')).toBe('<a href="https://example.com/a?b=1" rel="noopener nofollow">x</a>');
    expect(clean('<a href="http://example.com" rel="opener" target="_blank">x</a>')).toBe('<a href="http://example.com" rel="noopener nofollow">x</a>');
    expect(clean('<a href="mailto:sales@example.com">mail</a>')).toBe('<a href="mailto:sales@example.com" rel="noopener nofollow">mail</a>');
  });

  it('takes the address off links to anything else, keeping their words', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'jav&#x09;ascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example', '/relative', 'ftp://x.example']) {
      const out = clean(`<a href="${href}">x</a>`);
      expect(out, href).toBe('<a>x</a>');
    }
  });

  it('keeps only our own pictures, by id, at their unsigned address', () => {
    expect(sanitizeRichText('<p><img src="/api/img/42/medium.webp?e=1&amp;s=abc" alt=" Hide "></p>')).toEqual({ html: '<p><img src="/api/img/42/large.jpg" alt="Hide"></p>', imageIds: [42] });
    expect(clean('<img src="https://evil.example/x.png">')).toBe('');
    expect(clean('<img src="/api/img/0/large.jpg">')).toBe('');
    expect(clean('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(clean('<img src="/api/img/1/large.jpg/../../logout">')).toBe('');
    expect(clean('<img srcset="https://evil.example/x.png 1x">')).toBe('');
  });

  it('gives each picture the address the renderer asks for, or drops it', () => {
    const signed = (id: number) => (id === 7 ? `/api/img/${id}/large.jpg?e=9&s=sig` : null);
    expect(sanitizeRichText('<img src="/api/img/7/large.jpg"><img src="/api/img/8/large.jpg">', signed)).toEqual({ html: '<img src="/api/img/7/large.jpg?e=9&amp;s=sig" alt="">', imageIds: [7] });
  });

  it('cannot be tricked by mutation or comments', () => {
    expect(clean('<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>')).not.toMatch(/onerror/);
    expect(clean('<p><!-- <script>alert(1)</script> -->ok</p>')).toBe('<p>ok</p>');
    expect(clean('<a href="https://ok.example"><img src="x" onerror="alert(1)">link</a>')).toBe('<a href="https://ok.example" rel="noopener nofollow">link</a>');
  });

  it('is the same when run again on its own output', () => {
    const once = clean('<p onclick="x">a<a href="javascript:x">b</a><img src="/api/img/3/small.jpg"><script>c</script></p>');
    expect(clean(once)).toBe(once);
  });
});
