import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/i18n';
import { createClientT } from '../../lib/i18n/client';
import { blankModule, checkModules, fieldLabel, moduleIndexOf, move } from './draft';
import type { HomepageModule } from '../../lib/contracts/merchant-homepage';

const t = createClientT({ homepage: MESSAGES.en.homepage });

describe('the builder’s checks (docs/product/merchant-homepage.md#rules)', () => {
  it('lets an incomplete draft be saved but not published', () => {
    const modules: HomepageModule[] = [blankModule('banner'), blankModule('materials'), blankModule('richText'), blankModule('contact'), { type: 'intro', title: '', text: '', showProfile: false }, blankModule('imageText'), blankModule('books')];
    expect(checkModules(modules, t, false)).toEqual({});
    expect(checkModules(modules, t, true)).toEqual({
      'modules[0].slides': 'Choose at least one picture for the banner',
      'modules[1].materialIds': 'Choose at least one material',
      'modules[2].html': 'Write some content',
      'modules[3].phone': 'Fill in at least a phone, an e-mail or an address',
      'modules[4].text': 'Write something, or show the company profile',
      'modules[5].text': 'Choose a picture or write some text',
    });
    expect(checkModules([], t, true)).toEqual({ modules: 'Add at least one module before publishing' });
  });

  it('explains bad links, phones, e-mail addresses and lengths before anything is sent', () => {
    const issues = checkModules(
      [
        { type: 'banner', slides: [{ imageId: 1, caption: '', link: 'javascript:alert(1)' }, { imageId: 2, caption: '', link: '//evil.example' }, { imageId: 3, caption: '', link: 'https://ok.example' }] },
        { type: 'contact', title: 'x'.repeat(41), phone: 'call me', email: 'nope', address: '' },
        { type: 'richText', title: '', html: '<p>    </p><script>x</script>' },
      ],
      t,
      true,
    );
    expect(issues).toEqual({
      'modules[0].slides[0].link': 'Use a page on this site (/…) or an http:// or https:// address',
      'modules[0].slides[1].link': 'Use a page on this site (/…) or an http:// or https:// address',
      'modules[1].title': 'At most 40 characters',
      'modules[1].phone': 'Enter a phone number: digits, spaces, +, - and brackets',
      'modules[1].email': 'Enter a valid e-mail address',
    });
  });

  it('names the module and the part of it a field path points at', () => {
    expect(moduleIndexOf('modules[12].slides[0].imageId')).toBe(12);
    expect(moduleIndexOf('modules')).toBeNull();
    expect(fieldLabel('modules[0].slides[1].imageId', t)).toBe('Picture 2');
    expect(fieldLabel('modules[3].materialIds[0]', t)).toBe('Material 1');
    expect(fieldLabel('modules[3].html', t)).toBe('Content');
    expect(fieldLabel('modules[3]', t)).toBe('Module');
  });

  it('moves an item within bounds only', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
