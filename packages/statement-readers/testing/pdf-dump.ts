/**
 * One generated PDF statement, for diagnosis: `pnpm exec tsx packages/statement-readers/testing/pdf-dump.ts <seed>`
 * prints its parameters, the rows a correct reader returns, the text lines as extracted (x of each item) and the
 * reading, and writes the file to /tmp/generated-<seed>.pdf.
 */
import { writeFileSync } from 'node:fs';
import { extractPdfLines } from '../src/pdf-reader';
import { classify } from './classify';
import { generatePdfStatement } from './pdf';

async function main() {
  const seed = Number(process.argv[2]);
  const generated = await generatePdfStatement(seed);
  writeFileSync(`/tmp/${generated.fileName}`, generated.bytes);
  console.log(JSON.stringify(generated.params));
  for (const row of generated.rows) console.log(`  ${row.date} | ${row.particulars} | in ${row.inflow} out ${row.outflow} bal ${row.balance}`);
  console.log(`opening ${generated.opening_balance} closing ${generated.closing_balance}`);
  for (const line of await extractPdfLines(generated.bytes)) {
    console.log(
      `p${line.page} l${line.line} y${line.y} h${line.height}: ${line.items.map((i) => `[${i.x.toFixed(1)}-${i.x2.toFixed(1)} ${i.text}]`).join(' ')}`,
    );
  }
  console.log(await classify(generated, { profiles: [] }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
