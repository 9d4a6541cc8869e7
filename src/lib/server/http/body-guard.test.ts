import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth as exceedsDepth, JSON_MAX_DEPTH } from '../../json-depth';

const exceedsJsonDepth = (body: Uint8Array | string, max = JSON_MAX_DEPTH) => exceedsDepth(body, max);

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('exceedsJsonDepth', () => {
  it('allows the maximum depth and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(JSON_MAX_DEPTH - 1)}}`)).toBe(false);
    expect(exceedsJsonDepth(`{"a":${nested(JSON_MAX_DEPTH)}}`)).toBe(true);
  });

  it('counts depth, not brackets: siblings at one level do not add up', () => {
    expect(exceedsJsonDepth(JSON.stringify({ list: Array.from({ length: 1000 }, (_, i) => ({ i, tags: [i] })) }))).toBe(false);
  });

  it('ignores brackets inside strings, honouring escaped quotes and backslashes', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `"${'{'.repeat(100)}\\"` }))).toBe(false);
    // A backslash ending a string must not swallow its closing quote: the brackets after it are structure.
    expect(exceedsJsonDepth(`["\\\\",${nested(JSON_MAX_DEPTH)}]`)).toBe(true);
    expect(exceedsJsonDepth(JSON.stringify({ text: '中文[[[「」' }))).toBe(false);
  });

  it('refuses a megabyte of opening brackets', () => {
    expect(exceedsJsonDepth(new TextEncoder().encode('['.repeat(1024 * 1024)))).toBe(true);
  });

  it('takes a smaller maximum', () => {
    expect(exceedsJsonDepth('[[1]]', 1)).toBe(true);
    expect(exceedsJsonDepth('[1]', 1)).toBe(false);
  });
});
