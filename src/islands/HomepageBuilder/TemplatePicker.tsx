import type { HomepageTemplate } from '../../lib/contracts/merchant-homepage';
import type { ClientT } from '../../lib/i18n/client';
import styles from './HomepageBuilder.module.css';

interface Props {
  t: ClientT;
  templates: readonly HomepageTemplate[];
  current: string | null;
  busy: boolean;
  onUse: (template: HomepageTemplate) => void;
}

/** The built-in templates as cards: name, what it suits, its modules, and a button to start from it. */
export function TemplatePicker({ t, templates, current, busy, onUse }: Props) {
  const list = (template: HomepageTemplate) => template.moduleTypes.map((type) => t(`homepage.types.${type}`)).join(' · ');
  return (
    <section className={styles.templates} aria-labelledby="homepage-templates-title">
      <h2 id="homepage-templates-title">{t('homepage.builder.templates.heading')}</h2>
      <p className={styles.muted}>{t('homepage.builder.templates.intro')}</p>
      <ul className={styles.templateList}>
        {templates.map((template) => (
          <li key={template.key} className={`card-surface ${styles.templateCard}`}>
            <h3>
              {template.name}
              {template.key === current && <span className="pill">{t('homepage.builder.templates.current')}</span>}
            </h3>
            <p>{template.description}</p>
            <p className={styles.muted}>{t('homepage.builder.templates.modules', { list: list(template) })}</p>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onUse(template)}>
              {t('homepage.builder.templates.use', { name: template.name })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
