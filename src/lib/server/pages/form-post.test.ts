import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR } from '../../errors';
import { AppError } from '../errors';
import { RateLimitedError } from '../security/rate-limit';
import { formAction, formActions, formPost, type PageContext } from './form-post';

/** A page request as Astro hands it to a frontmatter, in English, with the body the middleware read. */
function page(method: string, fields: Record<string, string> = {}): PageContext & { response: { status: number; headers: Headers } } {
  const url = new URL('http://localhost/settings?tab=basic');
  const body = method === 'POST' ? new TextEncoder().encode(new URLSearchParams(fields).toString()) : undefined;
  return {
    request: new Request(url, { method, headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {} }),
    url,
    locals: { lang: 'en', ...(body ? { body } : {}) },
    response: { status: 200, headers: new Headers() },
    redirect: (path, status) => new Response(null, { status, headers: { location: path } }),
  };
}

const schema = z.object({ name: z.string().trim().min(1).max(5), tags: z.array(z.string().max(3)).max(2) });
const saved: unknown[] = [];
const save = formAction({
  schema,
  read: (form) => ({ name: form.text('name'), tags: form.list('tags') }),
  run: (input: z.output<typeof schema>) => {
    if (input.name === 'taken') throw new AppError(ERROR.conflict, { fields: [{ field: 'name', message: 'validation.invalidValue' }] });
    if (input.name === 'late') throw new AppError(ERROR.conflict);
    if (input.name === 'often') throw new RateLimitedError(42);
    saved.push(input);
    return { id: 7 };
  },
  redirect: (result: { id: number }) => `/settings?done=${result.id}`,
});

describe('a page form post', () => {
  it('runs the domain function with the parsed input and redirects after the post (303)', async () => {
    const p = page('POST', { name: ' Ann ', tags: 'a，b' });
    const state = await formPost(p, save);
    expect(state.response?.status).toBe(303);
    expect(state.response?.headers.get('location')).toBe('/settings?done=7');
    expect(saved.at(-1)).toEqual({ name: 'Ann', tags: ['a', 'b'] });
  });

  it('answers invalid input with messages per control in the page language, the input kept, and 422', async () => {
    const before = saved.length;
    const p = page('POST', { name: 'far too long', tags: 'a, b, c' });
    const state = await formPost(p, save);
    expect(state.response).toBeNull();
    expect(p.response.status).toBe(422);
    expect(state.failed).toBe('post');
    expect(state.fieldErrors).toEqual({ name: 'At most 5 characters', tags: expect.any(String) });
    expect(state.value('name', 'stored')).toBe('far too long');
    expect(state.value('tags')).toBe('a, b, c');
    // A control that was not posted shows what is stored.
    expect(state.value('other', 'stored')).toBe('stored');
    expect(saved.length).toBe(before);
  });

  it('answers a rate-limited post 429 with Retry-After, as the API does', async () => {
    const p = page('POST', { name: 'often', tags: '' });
    const state = await formPost(p, save);
    expect(p.response.status).toBe(429);
    expect(p.response.headers.get('retry-after')).toBe('42');
    expect(state.failed).toBe('post');
  });

  it('shows a domain error on its field, or as the form message, with its own status', async () => {
    const onField = page('POST', { name: 'taken', tags: '' });
    const fieldState = await formPost(onField, { ...save, fieldsMessage: 'Check the marked fields' });
    expect(onField.response.status).toBe(409);
    expect(fieldState.fieldErrors).toEqual({ name: 'Invalid value' });
    expect(fieldState.formError).toBe('Check the marked fields');

    const onForm = page('POST', { name: 'late', tags: '' });
    const formState = await formPost(onForm, save);
    expect(formState.fieldErrors).toEqual({});
    expect(formState.formError).toBe('This conflicts with the current state');

    const custom = await formPost(page('POST', { name: 'late', tags: '' }), { ...save, message: (err) => `code ${err.code}` });
    expect(custom.formError).toBe('code 100409');
  });

  it('does nothing on a GET, and renders again with `done` when the action has no redirect', async () => {
    const get = await formPost(page('GET'), save);
    expect(get).toMatchObject({ response: null, done: null, failed: null, formError: '' });
    expect(get.value('name', 3)).toBe('3');
    const rendered = await formPost(page('POST', { name: 'Bo', tags: '' }), { ...save, redirect: undefined });
    expect(rendered).toMatchObject({ response: null, done: 'post', failed: null });
  });

  it('runs the action a multi-form page was posted with, keeps input for that form only, and refuses an unknown one', async () => {
    const rename = formAction({ schema: z.object({ name: z.string().min(1) }), run: () => undefined, redirect: '/settings' });
    const actions = { save, rename };
    const failed = await formActions(page('POST', { action: 'rename', name: '' }), actions);
    expect(failed.failed).toBe('rename');
    expect(failed.fieldErrors).toEqual({ name: 'This field is required' });
    expect(failed.value('name', 'old', 'rename')).toBe('');
    expect(failed.value('name', 'old', 'save')).toBe('old');

    const unknown = await formActions(page('POST', { action: 'drop' }), actions);
    expect(unknown.response?.status).toBe(400);
    const ok = await formActions(page('POST', { action: 'rename', name: 'x' }), actions);
    expect(ok.response?.headers.get('location')).toBe('/settings');
  });
});
