import { extractImages, getDocumentProxy } from 'unpdf';

/**
 * A PDF read back as laid out, with pdf.js (through unpdf, the library the other PDF tests use:
 * maintained by the Mozilla project, it reads any PDF as a viewer would, not only pdfkit's):
 * each page's text pieces with their boxes, and its lines (the pieces on one baseline, left to
 * right). What layout checks need: which page a thing is on, what shares a line, what overlaps.
 */

export type TextPiece = { text: string; x: number; y: number; width: number; height: number };
export type PdfPage = { number: number; height: number; pieces: TextPiece[]; lines: string[] };

type RawItem = { str: string; transform: number[]; width: number; height: number };

/** The pieces on one baseline (within 1.5 pt), joined left to right: touching pieces without a space. */
function linesOf(pieces: TextPiece[]) {
  const rows: TextPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((candidate) => Math.abs(candidate[0].y - piece.y) < 1.5);
    if (row) row.push(piece);
    else rows.push([piece]);
  }
  return rows.map((row) =>
    row
      .sort((a, b) => a.x - b.x)
      .reduce((text, piece, i) => (i === 0 ? piece.text : `${text}${piece.x - (row[i - 1].x + row[i - 1].width) > 1 ? ' ' : ''}${piece.text}`), ''),
  );
}

export async function pdfPages(bytes: Buffer | Uint8Array): Promise<PdfPage[]> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const pieces = (content.items as RawItem[])
      .filter((item) => typeof item.str === 'string' && item.str.trim())
      .map((item) => ({ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width, height: item.height || Math.abs(item.transform[3]) }));
    pages.push({ number, height: page.view[3], pieces, lines: linesOf(pieces) });
  }
  return pages;
}

/** Pieces of text drawn over each other on a page (more than `tolerance` points both ways). */
export function overlaps(page: PdfPage, tolerance = 0.5) {
  const found: Array<[string, string]> = [];
  const box = (piece: TextPiece) => ({ left: piece.x, right: piece.x + piece.width, bottom: piece.y - 0.2 * piece.height, top: piece.y + 0.75 * piece.height });
  const boxes = page.pieces.map(box);
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (across > tolerance && down > tolerance) found.push([page.pieces[i].text, page.pieces[j].text]);
    }
  }
  return found;
}

/** The texts that appear whole on no line of any page (an amount broken across lines shows here). */
export const notOnOneLine = (pages: PdfPage[], texts: string[]) => texts.filter((text) => !pages.some((page) => page.lines.some((line) => line.includes(text))));

/**
 * The images drawn on a page, as pixels (pdf.js decodes them). pdf.js's image decoding calls
 * ArrayBuffer.prototype.transferToFixedLength, which Node has only from 21 (the project runs on
 * 20.19 and later): on Node 20 a copying stand-in is added, enough for reading.
 */
export async function pdfImages(bytes: Buffer | Uint8Array, pageNumber: number) {
  const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (!proto.transferToFixedLength) {
    Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
      configurable: true,
      value(this: ArrayBuffer, length = this.byteLength) {
        const copy = new ArrayBuffer(length);
        new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
        return copy;
      },
    });
  }
  return extractImages(await getDocumentProxy(new Uint8Array(bytes)), pageNumber);
}
