import { expect } from 'chai';
import { Readable } from 'node:stream';
import { ImportFailure } from '../../commands/marketplace-imports/csvHeader.ts';
import { TextFileError, TextFileGuard } from '../../src/adapters/textFileGuard.ts';
import { openCsvRecords } from '../../src/workers/marketplace-imports/csvRecords.ts';
import { CsvTokenizer, csvItems, type CsvItem } from '../../src/workers/csvTokenizer.ts';

/**
 * The service's CSV reader: records carry the physical line they start on (line 1 is the first
 * line of the file), a broken line becomes one error item and reading resumes on the next line.
 * Each file below is written as its list of physical lines, so a line number is a position in
 * that list, counted from 1.
 */
const file = (lines: string[]) => lines.join('\n') + '\n';
const lineNumbers = (items: CsvItem[]) => items.map((i) => i.line);
const broken = (items: CsvItem[]) => items.filter((i) => i.error !== undefined).map((i) => i.line);
const fieldsOf = (items: CsvItem[]) => items.filter((i) => i.error === undefined).map((i) => i.fields);

describe('CSV reader (src/workers/csvRecords.ts)', () => {
  it('reads plain, quoted and escaped fields, with \\n or \\r\\n line ends', () => {
    const items = csvItems('sku,title\r\nA,"Pen, blue"\r\nB,"The ""best"" pen"\nC,\n', ',');
    expect(items).to.deep.equal([
      { line: 1, fields: ['sku', 'title'] },
      { line: 2, fields: ['A', 'Pen, blue'] },
      { line: 3, fields: ['B', 'The "best" pen'] },
      { line: 4, fields: ['C', ''] },
    ]);
  });

  it('numbers a record by the line it starts on, and counts the line breaks inside a quoted field', () => {
    const lines = [
      'sku,description', // 1
      'A,one line', // 2
      'B,"also one line"', // 3
      'C,x', // 4
      'D,"first line of D', // 5  D starts here; its quoted field spans lines 5, 6 and 7
      'second line of D', // 6
      'third line of D"', // 7
      'E,after D', // 8
    ];
    const items = csvItems(file(lines), ',');
    expect(lineNumbers(items)).to.deep.equal([1, 2, 3, 4, 5, 8]);
    expect(items[4]).to.deep.equal({ line: 5, fields: ['D', 'first line of D\nsecond line of D\nthird line of D'] });
  });

  it('turns a quote that is not doubled into an error for that line, at the first, a middle and the last data line', () => {
    const lines = [
      'sku,title,price', // 1 header
      'A,"12" ruler",1.00', // 2 broken: the quote after 12 closes the field, then comes ' ruler'
      'B,Pen,2.00', // 3
      'C,"Ink "blue"",3.00', // 4 broken
      'D,Pad,4.00', // 5
      'E,"Box" x,5.00', // 6 broken: text after the closing quote
    ];
    const items = csvItems(file(lines), ',');
    expect(broken(items)).to.deep.equal([2, 4, 6]);
    expect(fieldsOf(items)).to.deep.equal([
      ['sku', 'title', 'price'],
      ['B', 'Pen', '2.00'],
      ['D', 'Pad', '4.00'],
    ]);
    const first = items.find((i) => i.line === 2)!;
    expect(first.error).to.match(/quoted field 2 is followed by ' ruler",1.00' after its closing quote/);
    expect(first).to.include({ raw: 'A,"12" ruler",1.00' });
    expect(first.fields).to.deep.equal(['A']); // what was read before the problem
  });

  it("reports the file's line of a broken line that follows a multi-line quoted field", () => {
    const lines = [
      'sku,description', // 1
      'A,"line one', // 2  A spans lines 2, 3 and 4
      'line two', // 3
      'line three"', // 4
      'B,"bad "quote""', // 5  broken
      'C,fine', // 6
    ];
    const items = csvItems(file(lines), ',');
    expect(lineNumbers(items)).to.deep.equal([1, 2, 5, 6]);
    expect(broken(items)).to.deep.equal([5]);
    expect(items[2]).to.include({ raw: 'B,"bad "quote""' });
  });

  it('ends a quoted field left open at the end of the file as an error of the line it opened on', () => {
    const lines = [
      'sku,title', // 1
      'A,Pen', // 2
      'B,"never closed', // 3  broken; the reader resumes on line 4
      'C,Ink', // 4
    ];
    const items = csvItems(file(lines), ',');
    expect(lineNumbers(items)).to.deep.equal([1, 2, 3, 4]);
    expect(broken(items)).to.deep.equal([3]);
    expect(items[2].error).to.match(/never closed/);
    expect(fieldsOf(items)).to.deep.equal([
      ['sku', 'title'],
      ['A', 'Pen'],
      ['C', 'Ink'],
    ]);
  });

  it('gives up on a quoted field that spans more lines than allowed, and resumes on the next line', () => {
    const lines = ['sku,title', 'A,"open', 'B,one', 'C,two', 'D,three', 'E,four'];
    // At most 3 lines per record: the field opened on line 2 is not closed by line 4.
    const items = csvItems(file(lines), ',', { maxRecordLines: 3 });
    expect(broken(items)).to.deep.equal([2]);
    expect(items.find((i) => i.line === 2)!.error).to.match(/not closed within 3 lines/);
    expect(fieldsOf(items).map((f) => f[0])).to.deep.equal(['sku', 'B', 'C', 'D', 'E']);
    expect(lineNumbers(items)).to.deep.equal([1, 2, 3, 4, 5, 6]);
  });

  it('waits for a closing quote no longer than maxRecordChars: the error comes while the text streams', () => {
    const t = new CsvTokenizer(',', { maxRecordChars: 100, maxRecordLines: 1_000_000 });
    const out = t.push('sku,title\nA,"open\n');
    // 20 lines of 13 characters after line 2: more than 100 characters without a closing quote.
    for (let i = 0; i < 20; i++) t.push('B,plain text\n', out);
    expect(broken(out)).to.deep.equal([2]);
    expect(lineNumbers(out)).to.deep.equal(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it('keeps at most 2,000 characters of a broken line', () => {
    const long = `A,"${'x'.repeat(5000)}"y`;
    const [, item] = csvItems(file(['sku,title', long]), ',');
    expect(item.line).to.equal(2);
    expect(item.error).to.be.a('string');
    expect((item as { raw: string }).raw).to.equal(long.slice(0, 2000));
  });

  it('skips blank lines but counts them', () => {
    const lines = ['sku,title', '', 'A,Pen', '   ', ',,', 'B,Ink'];
    expect(lineNumbers(csvItems(file(lines), ','))).to.deep.equal([1, 3, 6]);
  });

  it('is lenient where nothing is ambiguous: a quote inside an unquoted field, blanks around a quoted one', () => {
    expect(fieldsOf(csvItems('A,55" TV\nB, "Pen" ,x\n', ','))).to.deep.equal([
      ['A', '55" TV'],
      ['B', 'Pen', 'x'],
    ]);
  });

  it('reads tab, semicolon and pipe files the same way', () => {
    for (const d of ['\t', ';', '|']) {
      const text =
        ['sku', 'title'].join(d) + '\n' + ['A', '"x"y'].join(d) + '\n' + ['B', '"a\nb"'].join(d) + '\n' + ['C', 'c'].join(d) + '\n';
      const items = csvItems(text, d);
      expect(lineNumbers(items), JSON.stringify(d)).to.deep.equal([1, 2, 3, 5]);
      expect(broken(items)).to.deep.equal([2]);
    }
  });

  it('gives the same records however the text is cut into chunks', () => {
    const text = file([
      'sku,title,description', // 1
      'A,"Pen, blue","two\r', // 2  A spans lines 2 and 3 (a \r\n inside the quoted field)
      'lines"', // 3
      'B,"bad "quote"",x', // 4  broken
      'C,Ink,"a ""b"""', // 5
      '', // 6  blank
      'D,"open', // 7  broken: the next quote (line 8) is followed by 'e'
      'E,"end"', // 8
      'F,last,"x', // 9  broken: open at the end of the file
    ]);
    const whole = csvItems(text, ',');
    expect(lineNumbers(whole)).to.deep.equal([1, 2, 4, 5, 7, 8, 9]);
    expect(broken(whole)).to.deep.equal([4, 7, 9]);
    for (const size of [1, 2, 3, 5, 8, 13]) {
      const t = new CsvTokenizer(',');
      const out: CsvItem[] = [];
      for (let i = 0; i < text.length; i += size) t.push(text.slice(i, i + size), out);
      t.end(out);
      expect(out, `chunks of ${size}`).to.deep.equal(whole);
    }
  });
});

describe('CSV reader on a byte stream (openCsvRecords)', () => {
  const guard = () => new TextFileGuard({ maxBytes: 1024 * 1024, maxLineBytes: 64 * 1024, idleMs: 5000 });
  async function read(chunks: Buffer[], delimiter: string | null = null): Promise<CsvItem[]> {
    const csv = await openCsvRecords(Readable.from(chunks), guard(), delimiter);
    const out: CsvItem[] = [];
    try {
      for await (const item of csv.records) out.push(item);
    } finally {
      csv.close();
    }
    return out;
  }
  const failure = (chunks: Buffer[]) =>
    read(chunks).then(
      () => null,
      (e) => e as TextFileError | ImportFailure,
    );

  it('streams records with their lines, whatever the byte chunks (a character split across two)', async () => {
    const bytes = Buffer.from(file(['sku,title', 'A,"Café ""noir""', 'au lait"', 'B,"bad"€', 'C,Crème']));
    const expected = [
      { line: 1, fields: ['sku', 'title'] },
      { line: 2, fields: ['A', 'Café "noir"\nau lait'] },
      {
        line: 4,
        error: 'the quoted field 2 is followed by \'€\' after its closing quote (a quote inside a quoted field must be doubled: "")',
        raw: 'B,"bad"€',
        fields: ['B'],
      },
      { line: 5, fields: ['C', 'Crème'] },
    ];
    expect(await read([bytes])).to.deep.equal(expected);
    for (const size of [1, 2, 7]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await read(chunks), `chunks of ${size} bytes`).to.deep.equal(expected);
    }
  });

  it('chooses the delimiter from the first line that holds text', async () => {
    const items = await read([Buffer.from('\n\nsku;title\nA;Pen\n')]);
    expect(items).to.deep.equal([
      { line: 3, fields: ['sku', 'title'] },
      { line: 4, fields: ['A', 'Pen'] },
    ]);
  });

  it('fails a file that is unusable as a whole, and says why', async () => {
    expect(await failure([])).to.include({ code: 'empty_file' });
    const blank = await failure([Buffer.from('\n  \r\n\n')]);
    expect(blank).to.include({ code: 'empty_file' });
    expect(blank!.message).to.match(/only blank lines/);
    const latin1 = await failure([Buffer.from('sku,title\nA,Caf'), Buffer.from([0xe9, 0x0a])]);
    expect(latin1).to.include({ code: 'bad_encoding' });
    expect(latin1!.message).to.match(/not valid UTF-8/);
    const utf16 = await failure([Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sku,title\n', 'utf16le')])]);
    expect(utf16).to.include({ code: 'bad_encoding' });
    expect(utf16!.message).to.match(/UTF-16/);
  });
});
