import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { api } from '../../lib/api/client';
import { identityApi } from '../../lib/api/identity';
import type { SessionCompany } from '../../lib/contracts/identity';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { BindMobileForm } from './BindMobileForm';
import { ChooseCompany } from './ChooseCompany';
import { CodeLoginForm } from './CodeLoginForm';
import { isPlainClick, type LoginResult } from './form';
import styles from './LoginFlow.module.css';
import { PasswordForm } from './PasswordForm';
import { QrLogin } from './QrLogin';
import { RegisterForm } from './RegisterForm';
import { ResetPasswordForm } from './ResetPasswordForm';
import { flowUrl, readFlowQuery, type LoginTab, type Step, type UrlStep } from './steps';

interface Props {
  /** The `login`, `register` and `errors` slices of the page language's messages. */
  messages: Dict;
  /** Where to go once signed in: already checked by the page with safeRedirect. */
  redirect: string;
  /** The `redirect` query to keep in the flow's own URLs; '' when the page was opened without one. */
  returnPath: string;
  /** The first step, from the query (see steps.ts). */
  step: UrlStep;
  tab: LoginTab;
  /** Why the user was sent here (`message`/`code` query), already in the page language. */
  message?: string | undefined;
  /** The server-side password sign-in's error (the form posted before the island hydrated). */
  postError?: string | undefined;
  /** Say that the user will be taken back after signing in. */
  showRedirectNotice: boolean;
  /** Signed-in users opening choose-company or bind-mobile: their companies and current company, from the session. */
  companies: SessionCompany[] | null;
  currentCompanyId: number | null;
  /** For the document title on step changes (`{step} · {site}`, as the page head writes it). */
  siteName: string;
  /** The page section is labelled by the step heading. */
  headingId: string;
}

const TABS: readonly LoginTab[] = ['password', 'code', 'qr'];

/** What decides the step after signing in: the login's answer, or the session when the page opened on a later step. */
type SignedIn = Pick<LoginResult, 'currentCompanyId'> & { companies: SessionCompany[] | null };

/**
 * The whole sign-in flow (docs/product/routes.md#routes auth screens, docs/product/identity.md#states Login and Company choice) as one island: the index with its password,
 * code and scan tabs, register, reset password, bind mobile, choose company and the brief success screen. Steps switch in place and
 * are mirrored in the URL (`step=`, `tab=`), so reload and back work; the page renders the first step from the same
 * query. On every step change the step's heading takes focus, so a screen reader announces where the user is.
 */
export default function LoginFlow(props: Props) {
  const { redirect, returnPath, siteName, headingId } = props;
  const t = createClientT(props.messages);
  const id = useId();
  const [step, setStep] = useState<Step>(props.step);
  const [tab, setTab] = useState<LoginTab>(props.tab);
  // One account across tabs and steps: typed once, it follows the user to the code tab, register or reset.
  const [account, setAccount] = useState('');
  const [companies, setCompanies] = useState<SessionCompany[] | null>(props.companies);
  // Binding a mobile number interrupts a login (docs/product/identity.md#states); once bound, the flow goes on with what that login said.
  const [signedIn, setSignedIn] = useState<SignedIn>({ currentCompanyId: props.currentCompanyId, companies: props.companies });
  const [resetDone, setResetDone] = useState(false);
  // The query's notices describe how the user arrived; once they move on they no longer apply.
  const [arrival, setArrival] = useState(true);
  const ready = useHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<Record<LoginTab, HTMLButtonElement | null>>({ password: null, code: null, qr: null });
  const firstRender = useRef(true);


  const headings: Record<Step, string> = {
    login: t('login.title'),
    register: t('register.title'),
    'reset-password': t('login.reset.title'),
    'choose-company': t('login.company.title'),
    'bind-mobile': t('login.bind.title'),
    success: t('login.successTitle'),
  };

  // Only a step change (not the first render) moves focus and renames the document.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.title = `${headings[step]} · ${siteName}`;
    headingRef.current?.focus();
  }, [step]);

  // Back and forward between steps: the URL says which one.
  useEffect(() => {
    const onPopState = () => {
      const query = readFlowQuery(new URLSearchParams(location.search));
      setTab(query.tab);
      setStep(query.step);
      setArrival(false);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  function go(next: UrlStep, nextTab: LoginTab = tab) {
    setArrival(false);
    setTab(nextTab);
    setStep(next);
    const url = flowUrl(next, nextTab, returnPath);
    if (url !== location.pathname + location.search) history.pushState(null, '', url);
  }

  function selectTab(next: LoginTab, focus: boolean) {
    setTab(next);
    setResetDone(false);
    history.replaceState(null, '', flowUrl('login', next, returnPath));
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight' ? TABS[(index + 1) % TABS.length] : event.key === 'ArrowLeft' ? TABS[(index - 1 + TABS.length) % TABS.length] : event.key === 'Home' ? TABS[0] : event.key === 'End' ? TABS[TABS.length - 1] : undefined;
    if (!target) return;
    event.preventDefault();
    selectTab(target, true);
  }

  /** The flow's links work as plain links before hydration and with modifier keys; a plain click switches in place. */
  function stepLink(next: UrlStep, label: ReactNode, nextTab: LoginTab = 'password') {
    const href = flowUrl(next, nextTab, returnPath);
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!ready || !isPlainClick(event)) return;
      event.preventDefault();
      setResetDone(false);
      go(next, nextTab);
    };
    return (
      <a href={href} onClick={onClick}>
        {label}
      </a>
    );
  }

  function finish() {
    setStep('success');
    location.assign(redirect);
  }

  async function selectOnly(company: SessionCompany): Promise<boolean> {
    try {
      await identityApi.selectCompany(company.id);
      return true;
    } catch {
      return false;
    }
  }

  /** After any sign-in (password, code, register, scan): bind check, then company choice and the redirect (docs/product/identity.md#states). */
  async function onLoggedIn(result: LoginResult): Promise<void> {
    // Browsers keep the HttpOnly cookie the server set; embedded hosts also keep the token for the header.
    api.keepToken(result.token);
    setResetDone(false);
    const next: SignedIn = { currentCompanyId: result.currentCompanyId, companies: Array.isArray(result.companies) ? result.companies : null };
    if (!result.isBind) {
      // docs/product/identity.md#states: the flow stops until a mobile number is bound; the bind step picks it up from here.
      setSignedIn(next);
      go('bind-mobile');
      return;
    }
    await goOn(next);
  }

  /** Signed in with a bound mobile: choose a company when the session has none, else the redirect. */
  async function goOn(result: SignedIn): Promise<void> {
    if (result.currentCompanyId === null) {
      // Without the list in the answer, the choose step asks the server for it.
      const list = result.companies;
      // Nothing to choose between: the one company is chosen for the user.
      const only = list?.length === 1 ? list[0] : undefined;
      if (only && (await selectOnly(only))) return finish();
      if (list === null || list.length > 0) {
        setCompanies(list);
        go('choose-company');
        return;
      }
    }
    finish();
  }

  function onResetDone() {
    setResetDone(true);
    go('login', 'password');
  }

  const tabId = (key: LoginTab) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;
  const onLogin = step === 'login';

  return (
    <div className={styles.flow}>
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {headings[step]}
      </h1>

      {onLogin && arrival && props.message && <p className={`${styles.notice} ${styles.noticeError}`}>{props.message}</p>}
      {onLogin && arrival && props.postError && (
        <p role="alert" className={`${styles.notice} ${styles.noticeError}`}>
          {props.postError}
        </p>
      )}
      {onLogin && props.showRedirectNotice && !resetDone && <p className={styles.notice}>{t('login.redirectNotice')}</p>}
      {/* Always in the page, so the text is announced when it arrives with the step change. */}
      <p role="status" className={onLogin && resetDone ? `${styles.notice} ${styles.noticeSuccess}` : 'sr-only'}>
        {onLogin && resetDone ? t('login.resetDone') : ''}
      </p>

      {onLogin && (
        <>
          <div role="tablist" aria-label={t('login.methods')} className={styles.tabs}>
            {TABS.map((key) => (
              <button
                key={key}
                ref={(el) => {
                  tabRefs.current[key] = el;
                }}
                type="button"
                role="tab"
                id={tabId(key)}
                aria-selected={tab === key}
                aria-controls={tab === key ? panelId : undefined}
                tabIndex={tab === key ? 0 : -1}
                className={styles.tab}
                onClick={() => selectTab(key, false)}
                onKeyDown={onTabKeyDown}
              >
                {key === 'password' ? t('login.tabPassword') : key === 'code' ? t('login.tabCode') : t('login.tabQr')}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} className={styles.panel}>
            {tab === 'password' && <PasswordForm t={t} account={account} onAccountChange={setAccount} onLoggedIn={onLoggedIn} />}
            {tab === 'code' && <CodeLoginForm t={t} account={account} onAccountChange={setAccount} onLoggedIn={onLoggedIn} ready={ready} />}
            {tab === 'qr' && <QrLogin t={t} onLoggedIn={onLoggedIn} />}
          </div>
          <p className={styles.links}>
            <span>
              {t('login.noAccount')} {stepLink('register', t('login.toRegister'))}
            </span>
            {stepLink('reset-password', t('login.forgotPassword'))}
          </p>
        </>
      )}

      {step === 'register' && (
        <>
          <RegisterForm t={t} account={account} onAccountChange={setAccount} onLoggedIn={onLoggedIn} ready={ready} />
          <p className={styles.links}>
            <span>
              {t('register.haveAccount')} {stepLink('login', t('register.toLogin'))}
            </span>
          </p>
        </>
      )}

      {step === 'reset-password' && (
        <>
          <p className={styles.intro}>{t('login.reset.intro')}</p>
          <ResetPasswordForm t={t} account={account} onAccountChange={setAccount} onDone={onResetDone} ready={ready} />
          <p className={styles.links}>{stepLink('login', t('login.backToLogin'))}</p>
        </>
      )}

      {step === 'bind-mobile' && (
        <>
          <p className={styles.intro}>{t('login.bindMobile')}</p>
          <BindMobileForm t={t} onBound={() => goOn(signedIn)} ready={ready} />
        </>
      )}

      {step === 'choose-company' && (
        <>
          {companies !== null && companies.length > 1 && <p className={styles.intro}>{t('login.company.intro')}</p>}
          <ChooseCompany
            t={t}
            companies={companies}
            onCompaniesLoaded={setCompanies}
            currentCompanyId={props.currentCompanyId}
            onChosen={async () => finish()}
            ready={ready}
          />
          <p className={styles.links}>{stepLink('login', t('login.backToLogin'))}</p>
        </>
      )}

      {step === 'success' && (
        <>
          <p role="status" className={`${styles.notice} ${styles.noticeSuccess}`}>
            {t('login.redirecting')}
          </p>
          <p className={styles.links}>
            <a href={redirect}>{t('login.continue')}</a>
          </p>
        </>
      )}
    </div>
  );
}
