import { and, eq } from 'drizzle-orm';
import { USER_TYPE } from '../../constants';
import { companies } from '../db/schema';

/** A merchant is an enterprise supplier company (personal spaces are never listed). */
export const isMerchant = and(eq(companies.role, USER_TYPE.supplier), eq(companies.isPersonal, false));
