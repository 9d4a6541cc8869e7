import { RESOURCE_CODES, UNLIMITED } from '../../contracts/membership';

/**
 * The quota per resource code granted by a set of packages: the sum of their grants, or -1 (unlimited) as soon
 * as one of them is unlimited. Every known code is present (0 when nothing grants it), so a company without a
 * package sees its quotas as used up rather than missing.
 */
export function sumQuotaTotals(grants: ReadonlyArray<Readonly<Record<string, number>>>): Map<string, number> {
  const totals = new Map<string, number>(RESOURCE_CODES.map((code) => [code, 0]));
  for (const grant of grants) {
    for (const [code, amount] of Object.entries(grant)) {
      const sofar = totals.get(code) ?? 0;
      totals.set(code, sofar === UNLIMITED || amount === UNLIMITED ? UNLIMITED : sofar + amount);
    }
  }
  return totals;
}
