// Draws a material book's PDF in a worker thread (docs/product/material-books.md#pdf): PDFKit's layout and
// compression are synchronous and take seconds for a large book, which on the main thread would stall every other
// request. The plan (render-book-pdf.ts) says what to draw; this file only draws it and writes it to `out`.
// Plain JavaScript, opened relative to its caller, so the bundled server runs it as the sources do.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import PDFDocument from 'pdfkit';

/** @param {{ info: Record<string, string>, fonts: Record<string, string>, ops: any[], out: string }} plan */
async function draw(plan) {
  const doc = new PDFDocument({ size: 'A4', margin: plan.margin, info: plan.info, autoFirstPage: true });
  const file = createWriteStream(plan.out);
  const written = new Promise((resolve, reject) => {
    file.on('finish', resolve);
    file.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(file);
  for (const [name, path] of Object.entries(plan.fonts)) doc.registerFont(name, await readFile(path));
  for (const op of plan.ops) {
    if (op.op === 'page') doc.addPage();
    else if (op.op === 'image') doc.image(await readFile(op.file), op.x, op.y, { fit: op.fit, align: op.align });
    else if (op.op === 'rect') doc.rect(op.x, op.y, op.width, op.height).fillColor(op.color).fill();
    else if (op.op === 'line') doc.moveTo(op.x1, op.y).lineTo(op.x2, op.y).strokeColor(op.color).lineWidth(0.5).stroke();
    else if (op.op === 'text') {
      doc.fillColor(op.color).fontSize(op.size);
      op.runs.forEach((run, i) => {
        doc.font(run.font);
        const continued = i < op.runs.length - 1;
        if (i === 0) doc.text(run.text, op.x, op.y, { width: op.width, height: op.height, ellipsis: true, lineGap: op.size * 0.35, continued });
        else doc.text(run.text, { continued });
      });
    }
  }
  doc.end();
  await written;
}

draw(workerData).then(
  () => parentPort?.postMessage({ ok: true }),
  (err) => parentPort?.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }),
);
