import ExcelJS from 'exceljs';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { MATERIAL_EXPORT_MAX, type MaterialExportInput } from '../../contracts/material-edit';
import { ERROR } from '../../errors';
import { getT, type Lang } from '../../i18n';
import { catalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { getDb } from '../db/client';
import { colorCards, materials, materialVersions } from '../db/schema';
import { AppError } from '../errors';
import { attributeTitle, categoryPath, formatAttribute, hasValue } from './format-attribute';
import { existingMaterial } from './published-material';
import { attachmentsOf, type StoredMaterial } from './stored-material';
import { supplierMaterialConditions } from './supplier-material-filter';

export type MaterialExport = { fileName: string; body: Uint8Array<ArrayBuffer>; rows: number };
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Attributes that already have a column of their own. */
const OWN_COLUMNS = new Set(['PF_NAME_CN', 'PF_NAME_EN', 'PF_SERIAL_NO']);

/**
 * The company's materials as a spreadsheet (docs/product/supplier.md#export): the chosen ones in the given order
 * (one that is not the company's refuses the whole export with 100404), or everything the list's filters find, up to
 * MATERIAL_EXPORT_MAX. One row per material at its latest version, one column per attribute any of them has.
 */
export async function exportMaterials(companyId: number, request: MaterialExportInput, lang: Lang, now: Date = new Date()): Promise<MaterialExport> {
  const catalogue = await catalogueSnapshot();
  const db = getDb();
  const ids = request.materialIds ? [...new Set(request.materialIds)] : null;
  const where = ids ? and(inArray(materials.id, ids), eq(materials.companyId, companyId), existingMaterial) : supplierMaterialConditions(companyId, request.query ?? {}, catalogue);
  const found = await db
    .select({ m: materials, data: materialVersions.data })
    .from(materials)
    .innerJoin(materialVersions, and(eq(materialVersions.materialId, materials.id), eq(materialVersions.version, materials.version)))
    .where(where)
    .orderBy(desc(materials.gmtModifyTime), desc(materials.id))
    .limit(MATERIAL_EXPORT_MAX);
  if (ids && found.length !== ids.length) throw new AppError(ERROR.empty, { message: 'validation.materialNotFound' });
  const byId = new Map(found.map((r) => [r.m.id, r]));
  const rows = ids ? ids.flatMap((id) => byId.get(id) ?? []) : found;

  const cards = rows.length
    ? await db
        .select({ materialId: colorCards.materialId, name: colorCards.name, hex: colorCards.hex })
        .from(colorCards)
        .where(inArray(colorCards.materialId, rows.map((r) => r.m.id)))
        .orderBy(asc(colorCards.materialId), desc(colorCards.isDefault), asc(colorCards.sort), asc(colorCards.id))
    : [];
  const cardsOf = new Map<number, string[]>();
  for (const c of cards) cardsOf.set(c.materialId, [...(cardsOf.get(c.materialId) ?? []), `${c.name} ${c.hex}`]);

  const t = getT(lang);
  const en = lang === 'en';
  const attrCodes = [...catalogue.fields.keys()].filter((code) => !OWN_COLUMNS.has(code) && rows.some((r) => hasValue((r.data as StoredMaterial).attrs?.[code])));
  const markets = (m: typeof materials.$inferSelect) => {
    const on = [m.onMarketDomestic ? t('supplier.market.1') : '', m.onMarketOverseas ? t('supplier.market.2') : ''].filter(Boolean);
    if (on.length) return on.join(en ? ', ' : '、');
    return m.firstOnMarketAt === null ? t('supplier.badge.draft') : t('supplier.state.off');
  };

  const workbook = new ExcelJS.Workbook();
  workbook.created = now;
  const sheet = workbook.addWorksheet(t('supplier.home.listHeading'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: t('supplier.column.id'), key: 'id', width: 10 },
    { header: t('supplier.column.version'), key: 'version', width: 9 },
    { header: t('supplier.column.nameCn'), key: 'nameCn', width: 28 },
    { header: t('supplier.column.nameEn'), key: 'nameEn', width: 28 },
    { header: t('supplier.column.serialNo'), key: 'serialNo', width: 16 },
    { header: t('supplier.column.category'), key: 'category', width: 24 },
    { header: t('supplier.column.market'), key: 'market', width: 16 },
    { header: t('supplier.column.colorCards'), key: 'colorCards', width: 36 },
    ...attrCodes.map((code) => ({ header: attributeTitle(code, catalogue, lang), key: code, width: 18 })),
    { header: t('supplier.history.documents'), key: 'documents', width: 30 },
    { header: t('supplier.column.created'), key: 'created', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
    { header: t('supplier.column.modified'), key: 'modified', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  ];
  for (const { m, data } of rows) {
    const s = data as StoredMaterial;
    sheet.addRow({
      id: m.id,
      version: m.version,
      nameCn: m.nameCn,
      nameEn: m.nameEn,
      serialNo: m.serialNo,
      category: categoryPath(catalogue, m.categoryId).map((c) => (en ? c.nameEn : c.nameCn)).join(' / '),
      market: markets(m),
      colorCards: (cardsOf.get(m.id) ?? []).join('; '),
      ...Object.fromEntries(attrCodes.map((code) => [code, formatAttribute(code, s.attrs?.[code], catalogue, lang)])),
      documents: attachmentsOf(s).map((d) => d.name).join('; '),
      created: m.gmtCreateTime,
      modified: m.gmtModifyTime,
    });
  }
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F5D62' } };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columns.length } };

  const body = new Uint8Array(await workbook.xlsx.writeBuffer() as ArrayBuffer);
  return { fileName: `materials-${now.toISOString().slice(0, 10).replace(/-/g, '')}.xlsx`, body, rows: rows.length };
}
