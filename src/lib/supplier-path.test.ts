import { describe, expect, it } from 'vitest';
import type { SessionContext } from './contracts/identity';
import { isSupplierSession, userTypeOf } from './supplier-path';

const session = (userRole: number, companyRole: number | null): Pick<SessionContext, 'user' | 'company'> => ({
  user: { id: 1, account: 'a', name: 'A', nickName: '', role: userRole, status: 1, personalCerStatus: 0, isPlatformAdmin: false, showAliases: false },
  company: companyRole === null ? null : { id: 2, name: 'C', logo: null, isCompanyAdmin: false, isPersonal: false, corpCerStatus: 0, role: companyRole },
});

describe('which path a session calls', () => {
  it('sends a supplier account working in a supplier company to the supplier paths', () => {
    expect(isSupplierSession(session(2, 2))).toBe(true);
    expect(userTypeOf(session(2, 2))).toBe(2);
  });

  it('keeps everyone else on the buyer paths: buyers, guests, suppliers without a supplier company at hand', () => {
    expect(userTypeOf(session(1, 1))).toBe(1);
    expect(userTypeOf(session(1, 2))).toBe(1);
    expect(userTypeOf(session(2, 0))).toBe(1);
    expect(userTypeOf(session(2, null))).toBe(1);
    expect(userTypeOf(null)).toBe(1);
  });
});
