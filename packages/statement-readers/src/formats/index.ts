/**
 * Structured statement formats: OFX/QFX, QIF, CAMT.053 and MT940. `detectStructuredFormat` recognises them by
 * content (the file name is a hint); the registry (../registry.ts) reads each.
 */
import { extname } from 'node:path';
import { CAMT053_NAMESPACE } from './camt053';

export type StructuredFormat = 'ofx' | 'qif' | 'camt053' | 'mt940';

const SNIFF_BYTES = 4096;

/**
 * The structured format of a file, or null. The content decides: `OFXHEADER:` / `<OFX>` / `<?OFX` (OFX, QFX);
 * a first line `!Type:`, `!Account` or `!Option:` (QIF); the camt.053 namespace in the first 4 KiB (CAMT.053);
 * a `:20:` line with a `:25:` or `:60F:`/`:60M:` line, or a SWIFT `{1:` ... `{4:` block header (MT940). The
 * extension (.ofx .qfx .qif .xml .sta .mt940 .940 .txt) only lowers the bar where the content alone is thin: a
 * `.qif` whose records start with `D`/`T` lines but lacks the `!Type:` header, an `.xml` whose camt.053 namespace
 * comes after a long envelope header (searched in the first 64 KiB), an MT940 `.sta`/`.940`/`.mt940` that has
 * `:20:` and a `:61:` but no `:25:` in its first 4 KiB. A binary file is never structured.
 */
export function detectStructuredFormat(buffer: Buffer, fileName: string): StructuredFormat | null {
  const head = buffer.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return null;
  const text = head
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const ext = extname(fileName).toLowerCase();

  if (/^OFXHEADER\s*:/i.test(start) || /<\?OFX\b/i.test(text) || /<OFX>/i.test(text)) return 'ofx';
  if (/^!(?:Type|Account|Option)\s*:?/i.test(start)) return 'qif';
  if (CAMT053_NAMESPACE.test(text)) return 'camt053';
  if (ext === '.xml' && start.startsWith('<') && CAMT053_NAMESPACE.test(buffer.subarray(0, 65536).toString('latin1'))) return 'camt053';
  const hasTag = (tag: string) => new RegExp(`(?:^|[\\r\\n}]|\\{4:\\s*)${tag}`, 'm').test(text);
  if (hasTag(':20:') && (hasTag(':25:') || hasTag(':60[FM]:'))) return 'mt940';
  if (/^\{1:[^}]*\}\{2:[IO]940/.test(start)) return 'mt940';

  if (ext === '.qif' && /^[DT].+\r?\n/m.test(start) && /^\^\s*$/m.test(text)) return 'qif';
  if (['.sta', '.940', '.mt940'].includes(ext) && hasTag(':20:') && hasTag(':61:')) return 'mt940';
  return null;
}
