import { expect } from 'chai';
import { html, page, raw } from '../../src/pages/html.ts';

describe('page templates', () => {
  it('escape every interpolated value', () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p title="${name}">${name}</p>`.value).to.equal(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
    );
  });

  it('keep nested fragments and join arrays, dropping null, undefined and false', () => {
    const items = ['a<b', 'c'];
    expect(html`<ul>${items.map((i) => html`<li>${i}</li>`)}${null}${undefined}${false}</ul>`.value).to.equal(
      '<ul><li>a&lt;b</li><li>c</li></ul>',
    );
  });

  it('insert raw markup only through raw()', () => {
    expect(html`${raw('<b>ok</b>')}${'<b>no</b>'}`.value).to.equal('<b>ok</b>&lt;b&gt;no&lt;/b&gt;');
  });

  it('render a document with its language and an escaped title', () => {
    const doc = page({ lang: 'fr', title: 'A & B', body: html`<main></main>` });
    expect(doc).to.match(/^<!doctype html>/);
    expect(doc).to.include('<html lang="fr">');
    expect(doc).to.include('<title>A &amp; B</title>');
  });
});

describe('page templates: the head', () => {
  it('keep a head fragment as given, after the title', () => {
    const doc = page({ lang: 'en', title: 'T', head: html`<link rel="stylesheet" href="/a.css?x=${'1&2'}">`, body: html`` });
    expect(doc).to.include('<title>T</title><link rel="stylesheet" href="/a.css?x=1&amp;2"></head>');
  });
});
