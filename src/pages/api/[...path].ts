import type { APIRoute } from 'astro';
import { createMountedApi } from '../../lib/server/http/app';

export const prerender = false;

const api = createMountedApi();

export const ALL: APIRoute = ({ request, clientAddress }) => api.fetch(request, { clientAddress });
