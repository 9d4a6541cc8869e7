/**
 * Builds .xlsx files for the import reader's tests: the smallest workbook around a worksheet's XML, and any zip of
 * parts, including the ones no spreadsheet program writes. Test code only.
 */
import { makeZip, type TestEntry } from '../../material-files/testing/make-zip';

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';

/** A worksheet's XML around `rows` (the `<row>` elements, as text). */
export const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** A row of inline-string cells from column A. */
export const inlineRow = (row: number, cells: string[]) =>
  `<row r="${row}">${cells.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

/** The parts of the smallest workbook whose first sheet is `sheet` (XML text, or bytes); `extra` parts are added. */
export function workbookParts(sheet: string | Buffer, options: { sharedStrings?: string; extra?: TestEntry[] } = {}): TestEntry[] {
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    ...(options.sharedStrings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', data: options.sharedStrings }]),
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...(options.extra ?? []),
  ];
}

export const workbookXlsx = (sheet: string | Buffer, options: { sharedStrings?: string; extra?: TestEntry[] } = {}): Buffer => makeZip(workbookParts(sheet, options));
