/**
 * The frontmatter of every content collection (docs/product/content.md). Astro checks each entry against these at
 * build time and stops the build naming the file when one does not fit, so a page never meets a malformed entry.
 * Every collection keeps one folder per language (`cn/`, `en/`); an entry's slug is its file name.
 */
import { z } from 'zod';

/** Help-center topics, in the order the index shows them. */
export const HELP_TOPICS = ['getting-started', 'search', 'collections', 'sampling', 'sharing', 'color', 'supplier', 'account'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a slug is lower-case words joined by hyphens');
const title = z.string({ error: 'a title is required' }).trim().min(1, 'a title is required').max(80);
const summary = z.string({ error: 'a summary is required' }).trim().min(1, 'a summary is required').max(240);

export const helpSchema = z.object({
  title,
  summary,
  topic: z.enum(HELP_TOPICS),
  /** Place within the topic, lowest first. */
  order: z.number().int().min(0).max(999),
  /** Slugs of other articles; the page shows the ones that exist in the reader's language. */
  related: z.array(slug).max(6).default([]),
  /** Extra words people search with that the text may not contain (synonyms, error codes). */
  keywords: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  updated: z.coerce.date(),
});

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const trendSchema = z.object({
  title,
  summary,
  /** The season the story is about, as readers say it ("2027 春夏", "Spring/Summer 2027"). */
  season: z.string().trim().min(1).max(40),
  published: z.coerce.date(),
  palette: z
    .array(z.object({ name: z.string().trim().min(1).max(40), hex: z.string().regex(HEX_COLOR, 'a trend color is a hex like #A1B2C3') }))
    .min(3)
    .max(8),
  /** Material picks: each is a live store search, rendered with the materials it finds today. */
  picks: z
    .array(z.object({ label: z.string().trim().min(1).max(40), keywords: z.string().trim().min(1).max(40), note: z.string().trim().max(160).optional() }))
    .min(1)
    .max(4),
});

export const POLICY_SLUGS = ['license', 'network-service', 'privacy', 'terms'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const policySchema = z.object({
  title,
  summary,
  version: z.string().trim().min(1).max(20),
  /** The day this version takes effect. */
  effective: z.coerce.date(),
});

/** Stand-alone pages written as prose: about us, legal terms. */
export const pageSchema = z.object({ title, summary, updated: z.coerce.date() });

export const PLUGIN_KINDS = ['design-suite', '3d-bridge'] as const;

export const pluginSchema = z.object({
  name: title,
  summary,
  kind: z.enum(PLUGIN_KINDS),
  order: z.number().int().min(0).max(99),
  /** Host software and versions the plugin runs in. */
  hosts: z.array(z.string().trim().min(1).max(60)).min(1).max(6),
  features: z.array(z.string().trim().min(1).max(120)).min(1).max(8),
  /** Newest first. */
  versions: z
    .array(z.object({ version: z.string().regex(/^\d+\.\d+\.\d+$/, 'a version is major.minor.patch'), released: z.coerce.date(), notes: z.array(z.string().trim().min(1).max(160)).min(1).max(8) }))
    .min(1)
    .max(10),
});
