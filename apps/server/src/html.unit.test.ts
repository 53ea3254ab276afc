import { describe, expect, it } from 'vitest';
import { html, jsonForScript, jsonScript, trustedHtml } from './html.js';

const hostile = `</p><script>alert("x")</script><img src=x onerror='y'>&amp;`;

describe('html', () => {
  it('escapes text interpolated into an element', () => {
    expect(html`<p>${hostile}</p>`.toString()).toBe(
      '<p>&lt;/p&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;amp;</p>',
    );
  });

  it('escapes a value in a quoted attribute so it cannot close the quote, either quote', () => {
    expect(html`<a href="${'https://x.example/?a=1&b="><script>'}">go</a>`.toString()).toBe(
      '<a href="https://x.example/?a=1&amp;b=&quot;&gt;&lt;script&gt;">go</a>',
    );
    expect(html`<img alt='${"it's"}'>`.toString()).toBe(`<img alt='it&#39;s'>`);
  });

  it('writes markup it built, unescaped, and joins arrays; null, undefined and false write nothing', () => {
    const item = (name: string) => html`<li>${name}</li>`;
    expect(html`<ul>${['<a>', 'b'].map(item)}</ul>${null}${undefined}${false}${0}`.toString()).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>0',
    );
  });

  it('writes what trustedHtml vouches for as it is', () => {
    expect(html`<div>${trustedHtml('<b>server render</b>')}</div>`.toString()).toBe('<div><b>server render</b></div>');
  });

  it('does not take a string that looks like markup for markup', () => {
    const pretending = { toString: () => '<b>' } as unknown as string;
    expect(html`${pretending}`.toString()).toBe('&lt;b&gt;');
  });
});

describe('JSON in a script', () => {
  const value = { text: '</script><!-- <script>', amp: 'a & b', separators: 'x\u2028y\u2029z' };

  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const escaped = jsonForScript(JSON.stringify(value)).toString();
    expect(escaped).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(escaped)).toEqual(value);
  });

  it('is written as a data block with its id escaped like any attribute', () => {
    const block = jsonScript('page-"data', JSON.stringify(value)).toString();
    expect(block.startsWith('<script type="application/json" id="page-&quot;data">')).toBe(true);
    expect(block.endsWith('</script>')).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    const inner = block.slice(block.indexOf('>') + 1, -'</script>'.length);
    expect(JSON.parse(inner)).toEqual(value);
  });
});
