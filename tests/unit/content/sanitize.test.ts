// @vitest-environment jsdom
// DOMPurify's output depends on the HTML parser; jsdom parses as browsers do (happy-dom dropped the <h2>).
import { describe, expect, it } from 'vitest';
import { sanitizeCmsHtml } from '../../../src/content/sanitize';

describe('CMS bodies are sanitised when rendered', () => {
  it('keeps structure, lists, tables, links and alignment', () => {
    const html =
      '<h2>一、范围</h2><p style="text-align:right">流明</p><ol><li>一</li></ol><table><tbody><tr><td colspan="2">格</td></tr></tbody></table><a href="/article/13">隐私</a>';
    expect(sanitizeCmsHtml(html)).toBe(html);
  });

  it('removes scripts, event attributes, javascript: links, frames, forms and overlay styles', () => {
    const out = sanitizeCmsHtml(
      '<p onclick="steal()">正文</p><script>alert(1)</script><a href="javascript:alert(1)">点我</a><iframe src="https://evil.example"></iframe>' +
        '<form action="https://evil.example"><input name="pwd"></form><div style="position:fixed;inset:0">覆盖</div><img src="x" onerror="alert(1)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe|<form|<input|position/i);
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<div>覆盖</div>');
  });

  it('a link opening a new tab gets rel=noopener', () => {
    expect(sanitizeCmsHtml('<a href="https://example.com" target="_blank">外链</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">外链</a>',
    );
  });
});
