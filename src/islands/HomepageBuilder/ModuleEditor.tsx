import type { HomepageAssets, HomepageModule } from '../../lib/contracts/merchant-homepage';
import { BANNER_SLIDES_MAX, CAPTION_MAX, CONTACT_ADDRESS_MAX, CONTACT_EMAIL_MAX, CONTACT_PHONE_MAX, FEATURED_BOOKS_MAX, LINK_MAX, MODULE_TITLE_MAX, PLAIN_TEXT_MAX } from '../../lib/contracts/merchant-homepage-rules';
import type { ClientT } from '../../lib/i18n/client';
import { Picture } from '../shared/Picture';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../shared/forms';
import type { UploadMessages } from '../shared/upload/FileUploader';
import { move, type Issues } from './draft';
import { ImagePicker, type PickerImage } from './ImagePicker';
import { MaterialPicker } from './MaterialPicker';
import { RichTextField } from './RichTextField';
import styles from './HomepageBuilder.module.css';

interface Props {
  t: ClientT;
  module: HomepageModule;
  /** Where the module is in the list: its fields' paths start with `modules[index]`. */
  index: number;
  onChange: (module: HomepageModule) => void;
  issues: Issues;
  images: readonly PickerImage[];
  onUploaded: (image: PickerImage) => void;
  materials: HomepageAssets['materials'];
  booksShown: boolean;
  uploadMessages: UploadMessages;
}

/** The fields of one module, by its type (docs/product/merchant-homepage.md#modules). */
export function ModuleEditor({ t, module: m, index, onChange, issues, images, onUploaded, materials, booksShown, uploadMessages }: Props) {
  const at = (field: string) => issues[`modules[${index}].${field}`];
  const byId = new Map(images.map((img) => [img.id, img]));
  const titleField =
    'title' in m ? (
      <TextField label={t('homepage.fields.title')} hint={t('homepage.fields.titleHint', { max: MODULE_TITLE_MAX })} value={m.title} maxLength={MODULE_TITLE_MAX} error={at('title')} onValueChange={(title) => onChange({ ...m, title })} />
    ) : null;

  switch (m.type) {
    case 'banner': {
      const setSlides = (slides: typeof m.slides) => onChange({ ...m, slides });
      const toggle = (imageId: number) =>
        setSlides(m.slides.some((s) => s.imageId === imageId) ? m.slides.filter((s) => s.imageId !== imageId) : [...m.slides, { imageId, caption: '', link: '' }].slice(0, BANNER_SLIDES_MAX));
      return (
        <div className={styles.fields}>
          {at('slides') && <p className={styles.error}>{at('slides')}</p>}
          <ol className={styles.slides}>
            {m.slides.map((slide, j) => {
              const picture = byId.get(slide.imageId);
              const update = (change: Partial<typeof slide>) => setSlides(m.slides.map((s, k) => (k === j ? { ...s, ...change } : s)));
              return (
                <li key={`${slide.imageId}-${j}`} className={styles.slide}>
                  <div className={styles.slideHead}>
                    {picture ? <Picture image={picture.image} alt={t('homepage.fields.slide', { n: j + 1 })} sizes="120px" className={styles.slideThumb} /> : <span className={styles.slideThumb}>{t('homepage.pictures.missing')}</span>}
                    <span className={styles.rowActions}>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.pictures.moveUp', { n: j + 1 })} disabled={j === 0} onClick={() => setSlides(move(m.slides, j, j - 1))}>
                        ↑
                      </button>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.pictures.moveDown', { n: j + 1 })} disabled={j === m.slides.length - 1} onClick={() => setSlides(move(m.slides, j, j + 1))}>
                        ↓
                      </button>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.pictures.remove', { n: j + 1 })} onClick={() => setSlides(m.slides.filter((_, k) => k !== j))}>
                        ×
                      </button>
                    </span>
                  </div>
                  {at(`slides[${j}].imageId`) && <p className={styles.error}>{at(`slides[${j}].imageId`)}</p>}
                  <TextField label={`${t('homepage.fields.caption')} (${j + 1})`} value={slide.caption} maxLength={CAPTION_MAX} error={at(`slides[${j}].caption`)} onValueChange={(caption) => update({ caption })} />
                  <TextField label={`${t('homepage.fields.link')} (${j + 1})`} hint={t('homepage.fields.linkHint')} value={slide.link} maxLength={LINK_MAX} inputMode="url" error={at(`slides[${j}].link`)} onValueChange={(link) => update({ link })} />
                </li>
              );
            })}
          </ol>
          <ImagePicker t={t} label={t('homepage.types.banner')} images={images} selected={m.slides.map((s) => s.imageId)} max={BANNER_SLIDES_MAX} onToggle={toggle} uploadMessages={uploadMessages} onUploaded={(image) => (onUploaded(image), toggle(image.id))} />
        </div>
      );
    }
    case 'materials':
      return (
        <div className={styles.fields}>
          {titleField}
          <MaterialPicker t={t} materials={materials} chosen={m.materialIds} error={at('materialIds') ?? Object.entries(issues).find(([k]) => k.startsWith(`modules[${index}].materialIds[`))?.[1]} onChange={(materialIds) => onChange({ ...m, materialIds })} />
        </div>
      );
    case 'books':
      return (
        <div className={styles.fields}>
          {titleField}
          <SelectField label={t('homepage.fields.count')} value={String(m.count)} onValueChange={(count) => onChange({ ...m, count: Number(count) })}>
            {Array.from({ length: FEATURED_BOOKS_MAX }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </SelectField>
          <p className={styles.muted}>{booksShown ? t('homepage.books.note') : t('homepage.books.notYet')}</p>
        </div>
      );
    case 'intro':
      return (
        <div className={styles.fields}>
          {titleField}
          <TextAreaField label={t('homepage.fields.text')} value={m.text} maxLength={PLAIN_TEXT_MAX} rows={5} error={at('text')} onValueChange={(text) => onChange({ ...m, text })} />
          <CheckboxField name={`showProfile-${index}`} checked={m.showProfile} onCheckedChange={(showProfile) => onChange({ ...m, showProfile })}>
            {t('homepage.fields.showProfile')}
          </CheckboxField>
        </div>
      );
    case 'contact':
      return (
        <div className={styles.fields}>
          {titleField}
          <TextField label={t('homepage.fields.phone')} type="tel" autoComplete="off" value={m.phone} maxLength={CONTACT_PHONE_MAX} error={at('phone')} onValueChange={(phone) => onChange({ ...m, phone })} />
          <TextField label={t('homepage.fields.email')} type="email" autoComplete="off" value={m.email} maxLength={CONTACT_EMAIL_MAX} error={at('email')} onValueChange={(email) => onChange({ ...m, email })} />
          <TextField label={t('homepage.fields.address')} value={m.address} maxLength={CONTACT_ADDRESS_MAX} error={at('address')} onValueChange={(address) => onChange({ ...m, address })} />
        </div>
      );
    case 'richText':
      return (
        <div className={styles.fields}>
          {titleField}
          <RichTextField t={t} label={t('homepage.fields.html')} value={m.html} error={at('html')} images={images} onUploaded={onUploaded} uploadMessages={uploadMessages} onChange={(html) => onChange({ ...m, html })} />
        </div>
      );
    case 'imageText': {
      const picture = m.imageId === null ? undefined : byId.get(m.imageId);
      return (
        <div className={styles.fields}>
          {titleField}
          <div className={styles.slideHead}>
            {m.imageId === null ? (
              <span className={styles.muted}>{t('homepage.pictures.noPicture')}</span>
            ) : picture ? (
              <Picture image={picture.image} alt={t('homepage.fields.image')} sizes="120px" className={styles.slideThumb} />
            ) : (
              <span className={styles.slideThumb}>{t('homepage.pictures.missing')}</span>
            )}
            {m.imageId !== null && (
              <button type="button" className={`btn btn-ghost ${styles.small}`} onClick={() => onChange({ ...m, imageId: null })}>
                {t('homepage.pictures.noPicture')}
              </button>
            )}
          </div>
          {at('imageId') && <p className={styles.error}>{at('imageId')}</p>}
          <ImagePicker
            t={t}
            label={t('homepage.fields.image')}
            images={images}
            selected={m.imageId === null ? [] : [m.imageId]}
            max={1}
            uploadMessages={uploadMessages}
            onToggle={(imageId) => onChange({ ...m, imageId: m.imageId === imageId ? null : imageId })}
            onUploaded={(image) => (onUploaded(image), onChange({ ...m, imageId: image.id }))}
          />
          <SelectField label={t('homepage.fields.imageSide')} value={m.imageSide} onValueChange={(side) => onChange({ ...m, imageSide: side === 'end' ? 'end' : 'start' })}>
            <option value="start">{t('homepage.fields.imageStart')}</option>
            <option value="end">{t('homepage.fields.imageEnd')}</option>
          </SelectField>
          <TextAreaField label={t('homepage.fields.text')} value={m.text} maxLength={PLAIN_TEXT_MAX} rows={4} error={at('text')} onValueChange={(text) => onChange({ ...m, text })} />
          <TextField label={t('homepage.fields.link')} hint={t('homepage.fields.linkHint')} value={m.link} maxLength={LINK_MAX} inputMode="url" error={at('link')} onValueChange={(link) => onChange({ ...m, link })} />
        </div>
      );
    }
  }
}
