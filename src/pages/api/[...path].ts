import type { APIRoute } from 'astro';
import { createApiApp } from '../../lib/server/http/app';

export const prerender = false;

const api = createApiApp();

export const ALL: APIRoute = ({ request, clientAddress }) => api.fetch(request, { clientAddress });
