import { describe, expect, it } from 'vitest';
import { wrapCodeLines } from '../../../../../server/html/writing-kit/code-lines';
import { parseFenceInfo, readLineRanges } from '../../../../../server/html/writing-kit/fence-info';

describe('parseFenceInfo', () => {
  it('reads language, title, line ranges and line numbers in any order', () => {
    expect(parseFenceInfo('Java {3, 5-7} showLineNumbers title="Facture.java"')).toEqual({
      language: 'java',
      title: 'Facture.java',
      highlight: '3,5-7',
      lineNumbers: true,
    });
    expect(parseFenceInfo("yaml title='app.yml'")).toEqual({ language: 'yaml', title: 'app.yml', lineNumbers: false });
    expect(parseFenceInfo('')).toEqual({ language: '', lineNumbers: false });
    expect(parseFenceInfo('title="x"')).toEqual({ language: '', title: 'x', lineNumbers: false });
  });

  it('bounds a range typed by mistake', () => {
    expect(readLineRanges('1-99999999').size).toBe(5_000);
  });
});

describe('wrapCodeLines', () => {
  it('closes a span at the end of a line and opens it again on the next, keeping the text', () => {
    const html = '<span class="hljs-comment">/* a\nb */</span> x\ny\n';
    const wrapped = wrapCodeLines(html, '/* a\nb */ x\ny\n', { highlight: '2', diff: false });
    expect(wrapped).toBe(
      '<span class="code-line"><span class="hljs-comment">/* a</span>\n</span>' +
        '<span class="code-line is-highlighted"><span class="hljs-comment">b */</span> x\n</span>' +
        '<span class="code-line">y\n</span>',
    );
  });

  it('marks added and removed lines of a diff, not the file names', () => {
    const text = '--- a/x\n+++ b/x\n-old\n+new\n same';
    const classes = [...wrapCodeLines(text, text, { diff: true }).matchAll(/class="([^"]+)"/g)].map((match) => match[1]);
    expect(classes).toEqual(['code-line', 'code-line', 'code-line is-removed', 'code-line is-added', 'code-line']);
  });
});
