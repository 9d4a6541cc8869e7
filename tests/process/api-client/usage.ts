/**
 * A small program an integrator would write against the TypeScript client generated from `/api/openapi.json`
 * (openapi-typescript types, openapi-fetch calls). `api-client.test.ts` generates `schema.d.ts` beside a copy of
 * this file, compiles both with tsc, then runs these functions against a running server.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const connect = (baseUrl: string, bearer?: string) => createClient<paths>({ baseUrl, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

/** Signs in and works in the first enterprise the account administers; returns the session token. */
export async function signInAsAdministrator(baseUrl: string, account: string, password: string): Promise<string> {
  const { data, error } = await connect(baseUrl).POST('/api/idealab-material/passport/login/{version}', { params: { path: { version: '1' } }, body: { account, password } });
  if (error) throw new Error(`login: ${error.code} ${error.msg}`);
  const company = data.data.companies.find((c) => c.isCompanyAdmin && !c.isPersonal);
  if (!company) throw new Error('the account administers no enterprise');
  const chosen = await connect(baseUrl, data.data.token).GET('/api/idealab-material/passport/select-company', { params: { query: { companyId: company.id } } });
  if (chosen.error) throw new Error(`select company: ${chosen.error.code} ${chosen.error.msg}`);
  return data.data.token;
}

export async function createToken(baseUrl: string, session: string, name: string, scopes: ('catalogue:read' | 'materials:write' | 'samples:read' | 'samples:write')[]) {
  const { data, error } = await connect(baseUrl, session).POST('/api/authcenter/api-token/create', { body: { name, scopes } });
  if (error) throw new Error(`create token: ${error.code} ${error.msg}`);
  return { token: data.data.token, id: data.data.record.id, hint: data.data.record.hint };
}

export async function revokeToken(baseUrl: string, session: string, id: number): Promise<void> {
  const { error } = await connect(baseUrl, session).POST('/api/authcenter/api-token/revoke', { body: { id } });
  if (error) throw new Error(`revoke token: ${error.code} ${error.msg}`);
}

/** What an integration sees with a token: the store's first page, the requests made to its company, an accept. */
export async function useToken(baseUrl: string, token: string) {
  const client = connect(baseUrl, token);
  const store = await client.GET('/api/idealab-material/open/v2/material/store', { params: { query: { page: 1 } } });
  const requests = await client.POST('/api/idealab-material/supplier/sample/apply/list', { body: { page: 1, size: 10 } });
  const accept = await client.POST('/api/idealab-material/supplier/sample/apply/accept', { body: { id: 1 } });
  return {
    store: { status: store.response.status, materials: store.data?.data.records.length ?? 0, code: store.error?.code },
    requests: { status: requests.response.status, total: requests.data?.data.total ?? null, code: requests.error?.code },
    accept: { status: accept.response.status, code: accept.error?.code, scope: accept.error?.data?.scope },
  };
}
