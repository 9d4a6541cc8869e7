import { useEffect, useState } from 'react';
import { ApiError, errorText } from '../../lib/api/client';
import { merchantHomepageApi } from '../../lib/api/merchant-homepage';
import type { Homepage, HomepageAssets, HomepageModule, HomepageTemplate } from '../../lib/contracts/merchant-homepage';
import { HOMEPAGE_MODULE_TYPES, HOMEPAGE_MODULES_MAX, type HomepageModuleType } from '../../lib/contracts/merchant-homepage-rules';
import { formatTime } from '../../lib/format-time';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { LiveStatus, SelectField } from '../shared/forms';
import type { UploadMessages } from '../shared/upload/FileUploader';
import { blankModule, checkModules, fieldLabel, keyed, moduleIndexOf, move, newKey, type Issues, type Keyed } from './draft';
import type { PickerImage } from './ImagePicker';
import { ModuleEditor } from './ModuleEditor';
import { PreviewPane } from './PreviewPane';
import { TemplatePicker } from './TemplatePicker';
import styles from './HomepageBuilder.module.css';

interface Props {
  /** The `homepage` and `errors` slices of the page language's messages. */
  messages: Dict;
  uploadMessages: UploadMessages;
  lang: string;
  /** The viewer's time-zone offset, for the publishing time. */
  offset: string;
  orgId: number;
  homepage: Homepage;
  templates: HomepageTemplate[];
  assets: HomepageAssets;
  /** Whether material book cards can be shown (their page exists). */
  booksShown: boolean;
  publicPath: string;
}

type Busy = '' | 'save' | 'publish' | 'template';

/**
 * The homepage builder (docs/product/merchant-homepage.md#the-builder): start from a template, add, move, remove and
 * edit modules beside a live preview, save the draft, publish it. Nothing reaches buyers before a publish, and a
 * refused save keeps everything on screen with each problem beside its module.
 */
export default function HomepageBuilder({ messages, uploadMessages, lang, offset, orgId, homepage: initial, templates, assets, booksShown, publicPath }: Props) {
  const t = createClientT(messages);
  const [homepage, setHomepage] = useState(initial);
  const [items, setItems] = useState<Keyed[]>(() => keyed(initial.draft?.modules ?? []));
  const [templateKey, setTemplateKey] = useState(initial.templateKey);
  const [dirty, setDirty] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [issues, setIssues] = useState<Issues>({});
  const [busy, setBusy] = useState<Busy>('');
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [images, setImages] = useState<PickerImage[]>(assets.images);
  const [showTemplates, setShowTemplates] = useState(!initial.draft);
  const [replacing, setReplacing] = useState<HomepageTemplate | null>(null);
  const [addType, setAddType] = useState<HomepageModuleType>('richText');

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  const typeName = (type: HomepageModuleType) => t(`homepage.types.${type}`);
  const moduleName = (i: number) => t('homepage.builder.modules.numbered', { n: i + 1, type: typeName(items[i]!.module.type) });
  const modules = items.map((item) => item.module);

  /** A change to the list's shape: positions move, so problems found at the old positions no longer point right. */
  function reshape(next: Keyed[], said: string) {
    setItems(next);
    setDirty(true);
    setIssues({});
    setStatus(said);
  }

  function edit(index: number, module: HomepageModule) {
    setItems((prev) => prev.map((item, i) => (i === index ? { ...item, module } : item)));
    setDirty(true);
    setIssues((prev) => Object.fromEntries(Object.entries(prev).filter(([field]) => moduleIndexOf(field) !== index)));
  }

  function toggle(key: number) {
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  function addModule() {
    if (items.length >= HOMEPAGE_MODULES_MAX) return;
    const key = newKey();
    reshape([...items, { key, module: blankModule(addType) }], t('homepage.builder.modules.added', { name: typeName(addType) }));
    setOpen((prev) => new Set(prev).add(key));
  }

  function showProblems(found: Issues) {
    setIssues(found);
    setError(t('homepage.builder.fix'));
    const keys = Object.keys(found).flatMap((field) => {
      const i = moduleIndexOf(field);
      return i === null ? [] : [items[i]?.key ?? -1];
    });
    setOpen((prev) => new Set([...prev, ...keys]));
  }

  async function applyTemplate(template: HomepageTemplate) {
    setReplacing(null);
    setBusy('template');
    setError('');
    setStatus(t('homepage.builder.templates.loading'));
    try {
      const filled = await merchantHomepageApi.template(template.id);
      if (!filled) return;
      const next = keyed(filled.modules);
      reshape(next, '');
      setTemplateKey(filled.key);
      setOpen(new Set(next.slice(0, 1).map((item) => item.key)));
      setShowTemplates(false);
    } catch (e) {
      setError(errorText(t, e));
      setStatus('');
    } finally {
      setBusy('');
    }
  }

  async function save(publishing: boolean) {
    if (busy) return;
    setError('');
    setStatus('');
    const found = checkModules(modules, t, publishing);
    if (Object.keys(found).length) return showProblems(found);
    setBusy(publishing ? 'publish' : 'save');
    try {
      let saved: Homepage | undefined = homepage;
      if (dirty || !homepage.draft) saved = await merchantHomepageApi.saveDraft({ orgId, templateKey: templateKey ?? undefined, modules });
      if (saved && publishing) saved = await merchantHomepageApi.publish(orgId);
      if (!saved) return;
      const stored = saved.draft?.modules ?? [];
      setHomepage(saved);
      // What the server kept (rich text sanitised) replaces what was sent, each module keeping its editor.
      setItems((prev) => stored.map((module, i) => ({ key: prev[i]?.key ?? newKey(), module })));
      setDirty(false);
      setIssues({});
      setStatus(publishing ? t('homepage.builder.published') : t('homepage.builder.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.fields?.length) showProblems(Object.fromEntries(e.fields.map((f) => [f.field, f.message])));
      else setError(errorText(t, e));
    } finally {
      setBusy('');
    }
  }

  const state = dirty
    ? t('homepage.builder.state.unsaved')
    : homepage.unpublishedChanges && homepage.publishedAt
      ? t('homepage.builder.state.changes')
      : homepage.publishedAt
        ? t('homepage.builder.state.published', { date: formatTime(homepage.publishedAt, lang, offset) })
        : t('homepage.builder.state.never');
  const homepageIssues = Object.entries(issues).filter(([field]) => moduleIndexOf(field) === null);

  return (
    <div className={styles.builder}>
      <div className={styles.bar}>
        <p className={styles.state}>{state}</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-ghost" aria-expanded={showTemplates} onClick={() => setShowTemplates((s) => !s)}>
            {showTemplates ? t('homepage.builder.templates.hide') : t('homepage.builder.templates.show')}
          </button>
          {homepage.publishedAt && (
            <a className="btn btn-ghost" href={publicPath} target="_blank" rel="noopener">
              {t('homepage.builder.viewPublished')}
            </a>
          )}
          <button type="button" className="btn btn-secondary" disabled={busy !== ''} onClick={() => void save(false)}>
            {busy === 'save' ? t('homepage.builder.saving') : t('homepage.builder.save')}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy !== ''} onClick={() => void save(true)}>
            {busy === 'publish' ? t('homepage.builder.publishing') : t('homepage.builder.publish')}
          </button>
        </div>
      </div>
      {error && (
        <div role="alert" className={styles.alert}>
          <p>{error}</p>
          {homepageIssues.length > 0 && (
            <ul>
              {homepageIssues.map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <LiveStatus message={status} className={styles.status} />

      {showTemplates && <TemplatePicker t={t} templates={templates} current={templateKey} busy={busy !== ''} onUse={(template) => (items.length ? setReplacing(template) : void applyTemplate(template))} />}

      <div className={styles.columns}>
        <section className={styles.editor} aria-labelledby="homepage-modules-title">
          <div className={styles.editorHead}>
            <h2 id="homepage-modules-title">{t('homepage.builder.modules.heading')}</h2>
            <p className={styles.muted}>{t('homepage.builder.modules.count', { count: items.length, max: HOMEPAGE_MODULES_MAX })}</p>
          </div>
          {items.length === 0 && <p className={styles.muted}>{t('homepage.builder.modules.empty')}</p>}
          <ol className={styles.moduleList}>
            {items.map((item, i) => {
              const name = moduleName(i);
              const expanded = open.has(item.key);
              const problems = Object.entries(issues).filter(([field]) => moduleIndexOf(field) === i);
              const title = 'title' in item.module ? item.module.title.trim() : '';
              return (
                <li key={item.key} className={`card-surface ${styles.module} ${problems.length ? styles.moduleInvalid : ''}`}>
                  <div className={styles.moduleHead}>
                    <button type="button" className={styles.moduleToggle} aria-expanded={expanded} aria-label={t(expanded ? 'homepage.builder.modules.close' : 'homepage.builder.modules.edit', { name })} onClick={() => toggle(item.key)}>
                      <span className={styles.moduleLabel}>
                        <span className={styles.moduleName}>{name}</span>
                        {title && <span className={styles.muted}>{title}</span>}
                      </span>
                    </button>
                    <span className={styles.rowActions}>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.builder.modules.moveUp', { name })} disabled={i === 0} onClick={() => reshape(move(items, i, i - 1), t('homepage.builder.modules.moved', { n: i }))}>
                        ↑
                      </button>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.builder.modules.moveDown', { name })} disabled={i === items.length - 1} onClick={() => reshape(move(items, i, i + 1), t('homepage.builder.modules.moved', { n: i + 2 }))}>
                        ↓
                      </button>
                      <button type="button" className={styles.iconButton} aria-label={t('homepage.builder.modules.remove', { name })} onClick={() => reshape(items.filter((_, j) => j !== i), t('homepage.builder.modules.removed', { name }))}>
                        ×
                      </button>
                    </span>
                  </div>
                  {problems.length > 0 && (
                    <ul className={styles.problems}>
                      {problems.map(([field, message]) => (
                        <li key={field}>
                          {fieldLabel(field, t)}: {message}
                        </li>
                      ))}
                    </ul>
                  )}
                  {expanded && (
                    <ModuleEditor
                      t={t}
                      module={item.module}
                      index={i}
                      issues={issues}
                      images={images}
                      materials={assets.materials}
                      booksShown={booksShown}
                      uploadMessages={uploadMessages}
                      onUploaded={(image) => setImages((prev) => [image, ...prev.filter((p) => p.id !== image.id)])}
                      onChange={(module) => edit(i, module)}
                    />
                  )}
                </li>
              );
            })}
          </ol>
          <div className={styles.addRow}>
            <SelectField label={t('homepage.builder.modules.addType')} value={addType} hint={t(`homepage.typeHints.${addType}`)} onValueChange={(type) => setAddType(type as HomepageModuleType)}>
              {HOMEPAGE_MODULE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {typeName(type)}
                </option>
              ))}
            </SelectField>
            <button type="button" className="btn btn-secondary" disabled={items.length >= HOMEPAGE_MODULES_MAX} onClick={addModule}>
              {t('homepage.builder.modules.add')}
            </button>
          </div>
          {items.length >= HOMEPAGE_MODULES_MAX && <p className={styles.muted}>{t('homepage.builder.modules.full', { max: HOMEPAGE_MODULES_MAX })}</p>}
        </section>
        <PreviewPane t={t} modules={modules} />
      </div>

      {replacing && (
        <ConfirmDialog
          title={t('homepage.builder.templates.replaceTitle')}
          text={t('homepage.builder.templates.replaceText', { name: replacing.name })}
          confirmLabel={t('homepage.builder.templates.replace')}
          cancelLabel={t('homepage.builder.templates.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={() => applyTemplate(replacing)}
          onClose={() => setReplacing(null)}
        />
      )}
    </div>
  );
}
