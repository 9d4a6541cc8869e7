import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { identityApi } from '../../lib/api/identity';
import type { SessionCompany } from '../../lib/contracts/identity';
import type { ClientT } from '../../lib/i18n/client';
import { ERROR } from '../../lib/errors';
import { FormError, serverErrors } from '../shared/forms';
import styles from './LoginFlow.module.css';

interface Props {
  t: ClientT;
  /** Known from the login answer or the page's session; null: ask the server (signed in). */
  companies: SessionCompany[] | null;
  onCompaniesLoaded: (companies: SessionCompany[]) => void;
  /** The session's company, marked as current when switching from the user menu. */
  currentCompanyId: number | null;
  /** The company is selected on the server: go on to the redirect. */
  onChosen: () => Promise<void>;
  ready: boolean;
}

function isRemoved(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== ERROR.authError) return false;
  return typeof error.data === 'object' && error.data !== null && (error.data as { removed?: unknown }).removed === true;
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** Choose the company to work in (docs/product/companies.md#states Company choice): each choice calls select-company, then the flow goes on. */
export function ChooseCompany({ t, companies, onCompaniesLoaded, currentCompanyId, onChosen, ready }: Props) {
  const [choosing, setChoosing] = useState<number | null>(null);
  const [error, setError] = useState('');

  const needsList = companies === null;
  useEffect(() => {
    if (!needsList) return;
    const controller = new AbortController();
    identityApi
      .companies({ signal: controller.signal })
      .then((list) => onCompaniesLoaded(list ?? []))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(serverErrors(err, [], t).form ?? '');
      });
    return () => controller.abort();
    // Loaded once per visit to the step; the parent keeps the list.
  }, [needsList]);

  async function choose(company: SessionCompany) {
    if (choosing !== null) return;
    setError('');
    setChoosing(company.id);
    try {
      await identityApi.selectCompany(company.id);
      await onChosen();
    } catch (err) {
      setChoosing(null);
      if (isRemoved(err)) {
        // docs/product/companies.md#states: the user was taken out of that company since the list was made; it is no longer a choice.
        setError(t('login.company.removed'));
        onCompaniesLoaded((companies ?? []).filter((c) => c.id !== company.id));
        return;
      }
      setError(serverErrors(err, [], t).form ?? '');
    }
  }

  return (
    <div className={styles.companies}>
      {needsList && !error && (
        <p role="status" className={styles.intro}>
          {t('login.company.loading')}
        </p>
      )}
      {companies !== null && companies.length === 0 && <p className={styles.intro}>{t('login.company.empty')}</p>}
      {companies !== null && companies.length > 0 && (
        <ul className={styles.companyList}>
          {companies.map((company) => {
            const current = company.id === currentCompanyId;
            const busy = choosing === company.id;
            return (
              <li key={company.id}>
                <button
                  type="button"
                  className={styles.company}
                  disabled={!ready || choosing !== null}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => void choose(company)}
                >
                  {company.logo ? (
                    <img className={styles.companyLogo} src={company.logo} alt="" width={40} height={40} loading="lazy" />
                  ) : (
                    <span className={styles.companyLogo} aria-hidden="true">
                      {initialOf(company.name)}
                    </span>
                  )}
                  <span className={styles.companyName}>{company.name}</span>
                  {company.isPersonal && <span className={styles.badge}>{t('login.company.personal')}</span>}
                  {current && <span className={`${styles.badge} ${styles.badgeCurrent}`}>{t('login.company.current')}</span>}
                  {busy && <span className={styles.companyBusy}>{t('login.company.selecting')}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <FormError message={error} />
    </div>
  );
}
