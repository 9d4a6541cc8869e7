/** Times renderBookPdf (a version drawn, then kept) on the database the environment names (started by bench/material-book-pdf.ts). */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { addMaterialBook } from '../src/lib/server/material-books/add-material-book';
import { editMaterialBook } from '../src/lib/server/material-books/edit-material-book';
import { renderBookPdf } from '../src/lib/server/material-books/render-book-pdf';
import { setBooksOnMarket } from '../src/lib/server/material-books/set-books-on-market';
import { getDb } from '../src/lib/server/db/client';
import { materials } from '../src/lib/server/db/schema';
import { storeImage } from '../src/lib/server/images/store-image';
import { bootRuntime } from '../src/lib/server/runtime/boot';
import { createEnterprise } from '../tests/fixtures/identity';
import { createMaterial, seedReferenceData } from '../tests/fixtures/materials';

const { values } = parseArgs({ options: { materials: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const runtime = await bootRuntime();
try {
  await seedReferenceData();
  // Certified: the book's materials are more than an uncertified company may put on the market.
  const company = await createEnterprise({ company: { corpCerStatus: 2 } });
  const ids: number[] = [];
  for (let i = 0; i < Number(values.materials); i += 1) {
    const { id } = await createMaterial(company.companyId, 'twill');
    // A photo-sized cover, as suppliers upload them, so the PDF's pictures cost what they would.
    const picture = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (i * 37) % 255, g: (i * 91) % 255, b: 120 } } })
      .composite([{ input: Buffer.from(`<svg width="1600" height="1200"><text x="80" y="600" font-size="200">${i}</text></svg>`) }])
      .jpeg()
      .toBuffer();
    const stored = await storeImage(picture, { companyId: company.companyId });
    await getDb().update(materials).set({ coverImageId: stored.id }).where(eq(materials.id, id));
    ids.push(id);
  }
  const author = { userId: company.admin.id, companyId: company.companyId };
  const book = await addMaterialBook(author, { name: '基准测试材料册' }, 'cn');
  await editMaterialBook(author, { id: book.id, introduction: '五十个材料的材料册，用来量 PDF 的速度。', coverMaterialId: null, materialIds: ids }, 'cn');
  await setBooksOnMarket(company.companyId, [book.id], 1);
  const viewer = { userId: null, companyId: null };
  const size = async (file: { body: AsyncIterable<Buffer> }) => {
    let bytes = 0;
    for await (const chunk of file.body) bytes += chunk.length;
    return bytes;
  };
  let started = performance.now();
  const first = await renderBookPdf(viewer, book.id, 'cn');
  console.log(`  ${ids.length}-material book, first PDF (cover derivatives made on the way): ${(performance.now() - started).toFixed(0)} ms, ${((await size(first)) / 1024).toFixed(0)} KB`);
  const times: number[] = [];
  for (let i = 0; i < Number(values.rounds); i += 1) {
    started = performance.now();
    await size(await renderBookPdf(viewer, book.id, 'cn'));
    times.push(performance.now() - started);
  }
  console.log(`  again, the same version: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  // Ten readers of a version nobody has drawn yet (the English one), at once, with the event loop watched meanwhile.
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  started = performance.now();
  await Promise.all(Array.from({ length: 10 }, async () => size(await renderBookPdf(viewer, book.id, 'en'))));
  delay.disable();
  console.log(`  10 at once, a new version: ${(performance.now() - started).toFixed(0)} ms in all, event loop held up to ${(delay.max / 1e6).toFixed(0)} ms`);
} finally {
  await runtime.close();
}
