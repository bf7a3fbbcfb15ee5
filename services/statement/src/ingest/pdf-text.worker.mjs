// Runs pdfjs-dist off the main thread. pdfjs-dist ships ES modules only, and the service's code (and jest)
// is CommonJS, so the import happens here, natively; it also keeps CPU-heavy parsing off the event loop
// that BullMQ needs for lock renewal. Plain JavaScript on purpose: a worker file is loaded by Node as is.
//
// In:  workerData = { data: Uint8Array, password?: string, mode: 'text' | 'open' }
// Out: one message, { kind: 'text', pageCount, lines } | { kind: 'opened', protected } | { kind: 'password', code }
//      | { kind: 'invalid', message } | { kind: 'error', message }
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pdfjsPath = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
const { getDocument, VerbosityLevel } = await import(pdfjsPath);

// Items whose baselines are this close (in PDF points) belong to one printed line.
const SAME_LINE_TOLERANCE = 2;

function openDocument(data, password) {
  return getDocument({
    data,
    password,
    isEvalSupported: false,
    // No fonts are rendered: text extraction only needs the encodings, and a failed font fetch must not stall.
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
  });
}

/** Groups a page's positioned text items into lines, top to bottom, each line's items left to right. */
function pageLines(items) {
  const pieces = [];
  for (const item of items) {
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const [, , , , x, y] = item.transform;
    pieces.push({ x, y, x2: x + (item.width || 0), text: item.str });
  }
  // PDF y grows upwards: the top line has the largest y.
  pieces.sort((a, b) => b.y - a.y || a.x - b.x);
  const lines = [];
  let current = null;
  for (const piece of pieces) {
    if (current && Math.abs(current.y - piece.y) <= SAME_LINE_TOLERANCE) {
      current.items.push(piece);
    } else {
      current = { y: piece.y, items: [piece] };
      lines.push(current);
    }
  }
  return lines.map((line) => ({
    y: line.y,
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
      pageLines(content.items).forEach((line, index) => lines.push({ page: pageNumber, line: index + 1, items: line.items }));
      page.cleanup();
    }
    return { kind: 'text', pageCount: doc.numPages, lines };
  } finally {
    await doc.destroy();
  }
}

try {
  parentPort.postMessage(await run());
} catch (err) {
  parentPort.postMessage({ kind: 'error', message: err && err.message ? String(err.message) : String(err) });
}
