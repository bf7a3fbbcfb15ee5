// Runs pdfjs-dist off the main thread. pdfjs-dist ships ES modules only, and the service's code (and jest)
// is CommonJS, so the import happens here, natively; it also keeps CPU-heavy parsing off the event loop
// that BullMQ needs for lock renewal. Plain JavaScript on purpose: a worker file is loaded by Node as is.
//
// In:  workerData = { data: Uint8Array, password?: string, mode: 'text' | 'open' }
// Out: one message, { kind: 'text', pageCount, lines } | { kind: 'opened' } | { kind: 'password', code }
//      | { kind: 'invalid', message } | { kind: 'error', message }
//
// Each line is { page, line, y, height, items: [{ x, x2, text }] } in *reading* coordinates: points from the
// page's top-left as a person reads it, y growing downwards. Rows of a statement are rebuilt geometrically
// (pdf-layout.ts), so the line keeps its baseline y and font height, not just its order.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pdfjsPath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
const { getDocument, Util, VerbosityLevel } = await import(pdfjsPath);

// Items whose baselines are this close (in points, or 30% of the font size when smaller) belong to one printed
// line. It must stay below half a line pitch: a date printed vertically centred beside a two-line narration sits
// half a line from each narration line and must remain a line of its own.
const SAME_LINE_TOLERANCE = 2;

// pdfjs-dist 6 removed `isEvalSupported` together with the eval-based PostScript function compiler it
// switched off, so no option is needed for "never evaluate code from the file".
function openDocument(data, password) {
  return getDocument({
    data,
    password,
    // No fonts are rendered: text extraction only needs the encodings, and a failed font fetch must not stall.
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
}

/**
 * Positions a page's text items as a reader sees them. The viewport transform applies the page's /Rotate; the
 * item's own transform says which way its text runs. A landscape statement is either a page with /Rotate 90 or
 * text drawn at 90 degrees on a portrait page: in both cases the direction most of the page's text runs in is
 * "left to right", and every position is turned by the same quarter turn. Text in other directions (a diagonal
 * watermark, a vertical margin note) is not part of the table and is dropped.
 */
function placedItems(items, viewport) {
  const placed = [];
  const charsByTurn = [0, 0, 0, 0];
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const m = Util.transform(viewport.transform, item.transform);
    const angle = Math.atan2(m[1], m[0]);
    const quarter = Math.round(angle / (Math.PI / 2));
    // Text at an odd angle (a 45-degree watermark) never lines up with the table.
    if (Math.abs(angle - quarter * (Math.PI / 2)) > 0.05) continue;
    const turn = ((quarter % 4) + 4) % 4;
    charsByTurn[turn] += item.str.length;
    placed.push({ turn, X: m[4], Y: m[5], width: item.width || 0, height: Math.hypot(m[2], m[3]) || item.height || 0, text: item.str });
  }
  const turn = charsByTurn.indexOf(Math.max(...charsByTurn));
  const cos = [1, 0, -1, 0][turn];
  const sin = [0, 1, 0, -1][turn];
  const pieces = [];
  for (const p of placed) {
    if (p.turn !== turn) continue;
    // Rotate device space (y down) by -turn quarter turns: the text then runs along +x.
    const x = p.X * cos + p.Y * sin;
    const y = -p.X * sin + p.Y * cos;
    pieces.push({ x, y, x2: x + p.width, height: p.height, text: p.text });
  }
  return pieces;
}

/** Groups a page's placed items into lines, top to bottom, each line's items left to right. */
function pageLines(pieces) {
  pieces.sort((a, b) => a.y - b.y || a.x - b.x);
  const lines = [];
  let current = null;
  for (const piece of pieces) {
    const tolerance = Math.min(SAME_LINE_TOLERANCE, Math.max(0.5, 0.3 * piece.height));
    if (current && Math.abs(current.y - piece.y) <= tolerance) {
      current.items.push(piece);
      current.height = Math.max(current.height, piece.height);
    } else {
      current = { y: piece.y, height: piece.height, items: [piece] };
      lines.push(current);
    }
  }
  return lines.map((line) => ({
    y: Math.round(line.y * 100) / 100,
    height: Math.round(line.height * 100) / 100,
    items: line.items.sort((a, b) => a.x - b.x).map(({ x, x2, text }) => ({ x, x2, text })),
  }));
}

async function run() {
  const { data, password, mode } = workerData;
  const task = openDocument(data, password);
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    if (err && err.name === 'PasswordException') return { kind: 'password', code: err.code };
    if (err && err.name === 'InvalidPDFException') return { kind: 'invalid', message: err.message };
    throw err;
  }
  try {
    if (mode === 'open') return { kind: 'opened' };
    const lines = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
      const page = await doc.getPage(pageNumber);
      const content = await page.getTextContent();
      const viewport = page.getViewport({ scale: 1 });
      pageLines(placedItems(content.items, viewport)).forEach((line, index) =>
        lines.push({ page: pageNumber, line: index + 1, y: line.y, height: line.height, items: line.items }),
      );
      page.cleanup();
    }
    return { kind: 'text', pageCount: doc.numPages, lines };
  } finally {
    // The loading task owns the document's teardown (pdfjs-dist 6 removed PDFDocumentProxy.destroy()).
    await task.destroy();
  }
}

try {
  parentPort.postMessage(await run());
} catch (err) {
  parentPort.postMessage({ kind: 'error', message: err && err.message ? String(err.message) : String(err) });
}
