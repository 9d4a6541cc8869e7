import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { colorFamilyOf, labOf } from '../colors/color-family';
import { paletteColors, palettes } from '../db/schema';

/**
 * A brand book for the demo: the project's own season palette (invented here, so free to ship), so the gradient
 * pages have a second book to compare with — nearest colors across books, an imported book's own page. Coloro and
 * Pantone stay empty: their data is a licensee's to import.
 */
const KEY = 'trend-2027';
const COLORS: ReadonlyArray<[code: string, name: string, hex: string, group: string]> = [
  ['T27-01', '沙丘 Dune', '#d8c3a5', 'Earth'],
  ['T27-02', '焦糖 Caramel', '#b07a48', 'Earth'],
  ['T27-03', '赤陶 Terracotta', '#c0623f', 'Earth'],
  ['T27-04', '可可 Cocoa', '#5e3d2d', 'Earth'],
  ['T27-05', '苔藓 Moss', '#5b6b3a', 'Earth'],
  ['T27-06', '橄榄 Olive', '#7d7a45', 'Earth'],
  ['T27-07', '海盐 Sea Salt', '#e8ece9', 'Calm'],
  ['T27-08', '雾蓝 Mist Blue', '#a9bccb', 'Calm'],
  ['T27-09', '鼠尾草 Sage', '#9caf88', 'Calm'],
  ['T27-10', '薰衣草 Lavender', '#b9a7cf', 'Calm'],
  ['T27-11', '燕麦 Oat', '#e2d6c1', 'Calm'],
  ['T27-12', '石墨 Graphite', '#45474b', 'Calm'],
  ['T27-13', '珊瑚 Coral', '#f0735e', 'Bright'],
  ['T27-14', '柠檬 Lemon', '#f2d64b', 'Bright'],
  ['T27-15', '钴蓝 Cobalt', '#1f4fa3', 'Bright'],
  ['T27-16', '翡翠 Jade', '#1f8a6b', 'Bright'],
  ['T27-17', '品红 Fuchsia', '#c2357e', 'Bright'],
  ['T27-18', '橘子 Tangerine', '#f28a2e', 'Bright'],
  ['T27-19', '午夜 Midnight', '#1d2440', 'Deep'],
  ['T27-20', '酒红 Merlot', '#6b2230', 'Deep'],
  ['T27-21', '森林 Forest', '#24452f', 'Deep'],
  ['T27-22', '李子 Plum', '#4e2a4f', 'Deep'],
  ['T27-23', '墨水 Ink', '#23303b', 'Deep'],
  ['T27-24', '象牙 Ivory', '#f4efe3', 'Deep'],
];

export async function seedPalettes(db: Database): Promise<number> {
  const [existing] = await db.select({ key: palettes.key }).from(palettes).where(eq(palettes.key, KEY));
  if (existing) return 0;
  await db.transaction(async (tx) => {
    await tx.insert(palettes).values({ key: KEY, nameCn: '2027 春夏流行色', nameEn: 'Spring–Summer 2027 trends' });
    await tx.insert(paletteColors).values(
      COLORS.map(([code, name, hex, group], sort) => {
        const [labL, labA, labB] = labOf(hex);
        return { paletteKey: KEY, code, name, hex, labL, labA, labB, family: colorFamilyOf(hex), groupName: group, sort };
      }),
    );
  });
  return COLORS.length;
}
