import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, test } from 'vitest';
import { withJsdomCheck } from '../setup/jsdom-default-style';

/**
 * The test DOM's narrowed selector check (tests/setup/jsdom-default-style.ts) gives every element
 * the computed style jsdom's own check gives it.
 */
const require = createRequire(import.meta.url);
const { implForWrapper } = require('jsdom/lib/generated/idl/utils.js') as {
  implForWrapper: (wrapper: unknown) => { _clearStyleCache(): void };
};
const documentImpl = implForWrapper(document);

/** Every property jsdom's default stylesheet sets, the inherited ones included (they are not in the declaration's list). */
const defaultSheetProperties = (() => {
  const sheet = readFileSync(require.resolve('jsdom/lib/jsdom/browser/default-stylesheet.css'), 'utf8');
  const withoutComments = sheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const names = [...withoutComments.matchAll(/[{;]\s*([a-z-]+)\s*:/g)].map((match) => match[1] ?? '');
  return [...new Set(names)].sort();
})();

function computedStyle(element: Element): Record<string, string> {
  documentImpl._clearStyleCache();
  const style = getComputedStyle(element);
  const properties = new Set(defaultSheetProperties);
  for (let index = 0; index < style.length; index++) properties.add(style.item(index));
  const values: Record<string, string> = {};
  for (const property of [...properties].sort()) {
    values[property] = `${style.getPropertyValue(property)} ${style.getPropertyPriority(property)}`.trim();
  }
  return values;
}

function everyElementAgrees() {
  const elements = [...document.body.querySelectorAll('*')];
  expect(elements.length).toBeGreaterThan(0);
  let compared = 0;
  for (const element of elements) {
    const narrowed = computedStyle(element);
    const jsdomOwn = withJsdomCheck(() => computedStyle(element));
    expect({ element: element.outerHTML.slice(0, 120), style: narrowed }).toEqual({
      element: element.outerHTML.slice(0, 120),
      style: jsdomOwn,
    });
    compared++;
  }
  return compared;
}

describe('computed styles in the test DOM', () => {
  afterEach(() => document.body.replaceChildren());

  test('every element the default stylesheet names, with and without the attributes it names', () => {
    expect(defaultSheetProperties).toEqual(
      expect.arrayContaining(['display', 'visibility', 'direction', 'font-weight']),
    );
    document.body.innerHTML = `
      <main><header>Head</header><search>s</search><p>Text <b>bold</b> <strong>s</strong> <i>i</i> <em>e</em>
        <code>c</code> <small>s</small> <sub>1</sub><sup>2</sup> <mark>m</mark> <abbr title="t">a</abbr> <ins>i</ins>
        <del>d</del> <s>s</s> <q>q</q> <ruby>r<rt>t</rt></ruby> <nobr>a<wbr>b</nobr> <bdi>x</bdi> <bdo dir="rtl">y</bdo></p>
        <address>a</address><blockquote>b</blockquote><figure><figcaption>f</figcaption></figure><pre>p</pre>
        <article href="/article">An element whose name starts with a, with an href</article><aside>a</aside>
        <nav><a href="/x">Link</a> <a>No href</a> <area href="/y"> <link href="/z"></nav>
        <section><h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6><hgroup><h2>g</h2></hgroup></section>
        <ul><li>a<ol><li>b<ul><li>c<menu><li>d</li></menu></li></ul></li></ol></li></ul>
        <dl><dt>t</dt><dd>d</dd></dl><dir><li>old</li></dir>
        <table rules="all"><caption>c</caption><colgroup><col></colgroup><thead><tr><th>h</th></tr></thead>
          <tbody><tr><td>d</td></tr><tr hidden><td>h</td></tr></tbody><tfoot hidden><tr><td>f</td></tr></tfoot></table>
        <table rules="ROWS" frame="box"><tr><td>direct row</td></tr></table>
        <form><fieldset><legend align="center">L</legend><legend align="LEFT">L2</legend>
          <label for="a">A</label><input id="a"><input type="checkbox"><input type="RADIO"><input type="Submit" value="s">
          <input type="hidden" name="h"><input type="file"><input type="image" alt="i"><input type="range">
          <input type="tel" dir="ltr"><input type="email" dir="auto"><input type="search"><input type="color">
          <input type="button" value="b"><input type="reset"><button type="button">Button</button>
          <select><option>o</option></select><textarea dir="auto">t</textarea></fieldset></form>
        <details open><summary>first</summary><summary>second</summary>open</details>
        <details><summary>closed</summary><p>inside</p></details>
        <dialog>closed</dialog><dialog open>open</dialog>
        <div popover>popover</div><div popover="manual" hidden>both</div>
        <div hidden>hidden</div><div hidden="until-found">until found</div><embed hidden>
        <div dir="rtl"><span>rtl</span><span dir="ltr">ltr</span><span dir="AUTO">auto</span></div>
        <img alt="a" sizes="auto, 100px"><img alt="b" sizes="AUTO"><iframe></iframe><video></video>
        <hr><marquee>m</marquee><meter value="1"></meter><progress></progress><slot></slot>
        <my-widget hidden>custom</my-widget><svg><foreignObject><div>in svg</div></foreignObject><a href="/s">s</a></svg>
        <div style="display: inline; visibility: hidden"><span>inline style</span></div>
        <noscript>n</noscript><template><p>t</p></template></main>`;
    expect(everyElementAgrees()).toBeGreaterThan(100);
  });

  test('after the page changes: attributes added and removed, focus moved', () => {
    document.body.innerHTML = `<div id="box"><span>a</span><input type="text"><a>link</a><ul><li>x</li></ul></div>`;
    everyElementAgrees();
    const box = document.getElementById('box') as HTMLElement;
    box.hidden = true;
    box.setAttribute('dir', 'rtl');
    (document.querySelector('a') as HTMLElement).setAttribute('href', '/now');
    (document.querySelector('input') as HTMLInputElement).type = 'hidden';
    box.insertAdjacentHTML(
      'beforeend',
      '<ol><li><ul><li>nested</li></ul></li></ol><details><summary>s</summary></details>'.repeat(8),
    );
    everyElementAgrees();
    box.hidden = false;
    (document.querySelector('summary') as HTMLElement).focus();
    everyElementAgrees();
    // A focused text field matches :focus-visible (outline: auto); every other element as jsdom styles it.
    const field = document.createElement('input');
    box.append(field);
    field.focus();
    expect(getComputedStyle(field).getPropertyValue('outline')).toContain('auto');
    everyElementAgrees();
  });
});
