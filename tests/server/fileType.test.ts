/**
 * What an uploaded file is, judged by its bytes (src/server/lib/fileType.ts): a PDF by its
 * structure (header, startxref pointing at a cross-reference table or stream, %%EOF, objects),
 * so an HTML page that merely begins with "%PDF-" is not kept as an ID document.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffFileType } from '../../src/server/lib/fileType';
import { minimalPdf } from '../support/pdf';

const PDF = { contentType: 'application/pdf', extension: 'pdf' };

/** A PDF 1.5 whose cross-reference section is a stream object (no `xref` keyword). */
function xrefStreamPdf(): Buffer {
  let text = '%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const xref = text.length;
  text += '3 0 obj\n<< /Type /XRef /Size 4 /W [1 2 1] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\n';
  text += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

describe('sniffFileType: PDF', () => {
  it('takes real PDFs: a cross-reference table, an xref stream, one printed by Chromium, CRLF, bytes after %%EOF', () => {
    expect(sniffFileType(minimalPdf())).toEqual(PDF);
    expect(sniffFileType(xrefStreamPdf())).toEqual(PDF);
    expect(sniffFileType(readFileSync(new URL('../support/fixtures/chromium-print.pdf', import.meta.url)))).toEqual(PDF);
    const crlf = Buffer.from(minimalPdf().toString('latin1').replace('%%EOF\n', '%%EOF\r\n'), 'latin1');
    expect(sniffFileType(crlf)).toEqual(PDF);
    expect(sniffFileType(Buffer.concat([minimalPdf(), Buffer.from('\n\0\0 trailing junk from a scanner\n')]))).toEqual(PDF);
  });

  it('refuses what only begins like a PDF', () => {
    const fakes = [
      '%PDF-1.4\n<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      '%PDF-1.7\n%%EOF',
      '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      // startxref past the end, at the header, and at something that is neither xref nor an object.
      '%PDF-1.4\n1 0 obj << >> endobj\nstartxref\n99999\n%%EOF\n',
      '%PDF-1.4\n1 0 obj << >> endobj\nstartxref\n0\n%%EOF\n',
      '%PDF-1.4\n<html>1 0 obj</html>\nstartxref\n10\n%%EOF\n',
      // An xref table but no object at all.
      '%PDF-1.4\nxref\n0 1\n0000000000 65535 f \nstartxref\n9\n%%EOF\n',
      '%PDF-\n',
    ];
    for (const fake of fakes) expect(sniffFileType(Buffer.from(fake, 'latin1')), fake).toBeNull();
  });
});
