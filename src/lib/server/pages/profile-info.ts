/**
 * The personal center's view (/profile/info): link-driven tabs `basic` (the user's names), `company` (the current
 * company's profile, read-only for non-administrators), `cert-info` (personal and company certification, where
 * the certified-company prompt leads) and `password` (the account settings' password card, an island the page
 * renders itself, so no panel here). Every form posts to the page, which runs the same contract and domain
 * function as the API through the form-post helper, then redirects or shows the field errors with the input kept.
 */
import type { FieldSpec } from '../../form-field';
import {
  AUDIT_STATUS,
  CER_STATUS,
  certificationIdParamSchema,
  companyCertificationInputSchema,
  ID_TYPES,
  personalCertificationInputSchema,
  type CompanyCertification,
  type PersonalCertification,
} from '../../contracts/certification';
import type { SessionContext } from '../../contracts/identity';
import { ESTABLISHED_YEAR_MIN, ORG_LIST_MAX, orgSaveSchema, userSaveSchema, type CompanyProfile } from '../../contracts/identity-profile';
import { ERROR } from '../../errors';
import { cancelCertification } from '../certification/cancel-certification';
import { findCompanyCertification } from '../certification/find-company-certification';
import { findPersonalCertification } from '../certification/find-personal-certification';
import { submitCompanyCertification } from '../certification/submit-company-certification';
import { submitPersonalCertification } from '../certification/submit-personal-certification';
import type { AppError } from '../errors';
import { findCompanyProfile } from '../companies/find-company-profile';
import { findUserProfile } from '../identity/find-user-profile';
import { saveCompanyProfile } from '../companies/save-company-profile';
import { saveUserProfile } from '../identity/save-user-profile';
import { formAction, formActions, type PageContext } from './form-post';
import { pageLocals } from './page-locals';
import { viewerTime } from './viewer-time';

export const PROFILE_PATH = '/profile/info';
export const PROFILE_TABS = ['basic', 'company', 'cert-info', 'password'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
const isTab = (value: string | null): value is ProfileTab => PROFILE_TABS.some((x) => x === value);

const ACTION_TAB = { 'save-user': 'basic', 'save-company': 'company', 'submit-personal': 'cert-info', 'submit-company': 'cert-info', withdraw: 'cert-info' } as const;
export type ProfileAction = keyof typeof ACTION_TAB;
const isAction = (value: string): value is ProfileAction => Object.hasOwn(ACTION_TAB, value);
type Action = ProfileAction;

// ---- What a tab shows: panels of a heading, a status, notices, a summary and at most one form. ----

export type Field = FieldSpec & { value: string };
export interface FormSpec {
  action: Action;
  fields: Field[];
  submit: string;
  /** Shown but not editable (a member reading the company profile). */
  readOnly?: boolean;
  hidden?: Record<string, string>;
}
export interface Panel {
  id: string;
  heading: string;
  badge?: boolean;
  state?: { tone: 'pending' | 'rejected' | 'certified'; text: string };
  notices: string[];
  summary?: { label: string; value: string }[];
  form?: FormSpec;
  withdraw?: number;
}

export interface ProfileInfoView {
  tab: ProfileTab;
  tabLabel: Record<ProfileTab, string>;
  title: string;
  /** What the last post did, said once after its redirect. */
  done: string;
  panels: Panel[];
  errorOf(action: Action, name: string): string | undefined;
  formErrorOf(action: Action): string;
}

const doneKey: Record<Action, string> = {
  'save-user': 'profile.saved',
  'save-company': 'profile.saved',
  'submit-personal': 'certification.submitted',
  'submit-company': 'certification.submitted',
  withdraw: 'certification.withdrawn',
};

/** The page's form post (a redirect, or the failure to show), then the requested tab's panels. */
export async function loadProfileInfo(page: PageContext, session: SessionContext): Promise<{ response: Response } | ProfileInfoView> {
  const { t } = pageLocals(page.locals);
  const doneUrl = (action: Action) => `${PROFILE_PATH}?tab=${ACTION_TAB[action]}&done=${action}`;
  // A certification already pending or decided meanwhile reads as such; a company save conflict says what it is.
  const certConflict = (err: AppError) => (!err.fields && err.code === ERROR.conflict ? t('certification.conflict') : undefined);
  const checkFields = t('profile.checkFields');
  const post = await formActions(page, {
    'save-user': formAction({
      schema: userSaveSchema,
      read: (form) => ({ name: form.text('name'), nickName: form.text('nickName') }),
      run: (input) => saveUserProfile(session.user.id, input),
      redirect: doneUrl('save-user'),
      fieldsMessage: checkFields,
    }),
    'save-company': formAction({
      schema: orgSaveSchema,
      read: (form) => {
        const year = form.text('establishedYear').trim();
        return {
          // A certified company's name field is disabled, so it is not posted and stays as it is.
          ...(form.has('orgName') ? { orgName: form.text('orgName') } : {}),
          ...Object.fromEntries(
            (['nameEn', 'addressCountry', 'addressProvince', 'addressCity', 'addressDistrict', 'completeAddress', 'bizModel', 'corpType', 'bizScopeRemark', 'coBranding', 'introduction', 'mobile', 'email'] as const).map((name) => [name, form.text(name)]),
          ),
          bizScope: form.list('bizScope'),
          mainProducts: form.list('mainProducts'),
          establishedYear: year === '' ? null : Number(year),
        };
      },
      run: (input) => saveCompanyProfile(session, input),
      redirect: doneUrl('save-company'),
      fieldsMessage: checkFields,
    }),
    'submit-personal': formAction({
      schema: personalCertificationInputSchema,
      read: (form) => ({ realName: form.text('realName'), idType: Number(form.text('idType')), idNumber: form.text('idNumber'), note: form.text('note') }),
      run: (input) => submitPersonalCertification(session.user.id, input),
      redirect: doneUrl('submit-personal'),
      message: certConflict,
      fieldsMessage: checkFields,
    }),
    'submit-company': formAction({
      schema: companyCertificationInputSchema,
      read: (form) => ({
        legalName: form.text('legalName'),
        socialCreditCode: form.text('socialCreditCode'),
        businessLicenceNo: form.text('businessLicenceNo'),
        legalRepresentative: form.text('legalRepresentative'),
        contactName: form.text('contactName'),
        contactPhone: form.text('contactPhone'),
      }),
      run: (input) => submitCompanyCertification(session, input),
      redirect: doneUrl('submit-company'),
      message: certConflict,
      fieldsMessage: checkFields,
    }),
    withdraw: formAction({
      schema: certificationIdParamSchema,
      read: (form) => ({ id: form.text('id') }),
      run: (input) => cancelCertification(session.user.id, input.id),
      redirect: doneUrl('withdraw'),
      message: certConflict,
      fieldsMessage: checkFields,
    }),
  });
  if (post.response) return { response: post.response };

  const failed = post.failed;
  const requested = page.url.searchParams.get('tab');
  const tab: ProfileTab = failed ? ACTION_TAB[failed] : isTab(requested) ? requested : 'basic';
  const doneParam = page.url.searchParams.get('done') ?? '';
  const done = failed === null && isAction(doneParam) && ACTION_TAB[doneParam] === tab ? t(doneKey[doneParam]) : '';

  /** The value a field shows: what was just posted when its form failed, else what is stored. */
  const valueOf = (action: Action, name: string, stored: string | number | null | undefined) => post.value(name, stored, action);
  const errorOf = (action: Action, name: string) => (failed === action ? post.fieldErrors[name] : undefined);
  const formErrorOf = (action: Action) => (failed === action ? post.formError : '');

  const formatDate = viewerTime(page).format;

  const panels: Panel[] = [];

  if (tab === 'basic') {
    const profile = await findUserProfile(session, session.user.id);
    const own = 'account' in profile ? profile : null;
    const a = 'save-user';
    panels.push({
      id: 'basic',
      heading: t('profile.basic.heading'),
      notices: [],
      summary: [
        { label: t('profile.basic.account'), value: own?.account ?? '' },
        { label: t('profile.basic.realName'), value: own?.realName ?? t('profile.basic.realNameNone') },
      ],
      form: {
        action: a,
        submit: t('profile.save'),
        fields: [
          { name: 'name', label: t('profile.basic.name'), value: valueOf(a, 'name', profile.name), required: true, maxlength: 40, autocomplete: 'name' },
          { name: 'nickName', label: t('profile.basic.nickName'), value: valueOf(a, 'nickName', profile.nickName), maxlength: 40, autocomplete: 'nickname' },
        ],
      },
    });
  }

  if (tab === 'company') {
    const company: CompanyProfile | null = session.company ? await findCompanyProfile(session, 'current') : null;
    if (!company) {
      panels.push({ id: 'company', heading: t('profile.company.heading'), notices: [t('profile.company.none')] });
    } else {
      const a = 'save-company';
      const certified = company.corpCerStatus === CER_STATUS.certified;
      const field = (name: keyof CompanyProfile & string, extra: Partial<Field> = {}): Field => {
        const stored = company[name];
        const value = Array.isArray(stored) ? stored.join(', ') : typeof stored === 'boolean' ? String(stored) : stored;
        return { name, label: t(`profile.company.${name}`), value: valueOf(a, name, value), maxlength: 200, ...extra };
      };
      const listHint = t('profile.company.listHint', { max: ORG_LIST_MAX });
      panels.push({
        id: 'company',
        heading: t('profile.company.heading'),
        badge: certified,
        notices: [...(company.canEdit ? [] : [t('profile.company.readOnly')]), ...(certified && company.canEdit ? [t('profile.company.nameLocked')] : [])],
        form: {
          action: a,
          submit: t('profile.save'),
          readOnly: !company.canEdit,
          fields: [
            field('orgName', { required: true, maxlength: 100, disabled: certified, autocomplete: 'organization' }),
            field('nameEn'),
            field('addressCountry', { maxlength: 50, autocomplete: 'country-name' }),
            field('addressProvince', { maxlength: 50, autocomplete: 'address-level1' }),
            field('addressCity', { maxlength: 50, autocomplete: 'address-level2' }),
            field('addressDistrict', { maxlength: 50, autocomplete: 'address-level3' }),
            field('completeAddress', { wide: true, autocomplete: 'street-address' }),
            field('bizModel', { maxlength: 50 }),
            field('corpType', { maxlength: 50 }),
            field('establishedYear', { kind: 'number', min: ESTABLISHED_YEAR_MIN, max: new Date().getFullYear(), maxlength: undefined }),
            field('coBranding'),
            field('bizScope', { wide: true, hint: listHint, maxlength: undefined }),
            field('bizScopeRemark', { kind: 'textarea', wide: true, maxlength: 500 }),
            field('mainProducts', { wide: true, hint: listHint, maxlength: undefined }),
            field('introduction', { kind: 'textarea', wide: true, maxlength: 2000 }),
            field('mobile', { kind: 'tel', maxlength: 30, autocomplete: 'tel' }),
            field('email', { kind: 'email', maxlength: 100, autocomplete: 'email' }),
          ],
        },
      });
    }
  }

  /** The status line of a subject: pending, certified, or the last rejection (with its reason). */
  function stateOf(status: number, record: { auditStatus: number; submittedAt: string; reviewedAt: string | null; rejectReason: string | null } | null): Panel['state'] {
    // Certified without a reviewed submission (set up by the operator): the badge already says all there is.
    if (status === CER_STATUS.certified) return record?.reviewedAt ? { tone: 'certified', text: t('certification.certifiedOn', { date: formatDate(record.reviewedAt) }) } : undefined;
    if (record?.auditStatus === AUDIT_STATUS.pending) return { tone: 'pending', text: t('certification.state.pending') };
    if (record?.auditStatus === AUDIT_STATUS.rejected) return { tone: 'rejected', text: t('certification.rejectedWith', { reason: record.rejectReason ?? '' }) };
    return undefined;
  }

  if (tab === 'cert-info') {
    const personal: PersonalCertification = await findPersonalCertification(session.user.id);
    const pr = personal.record;
    const personalOpen = personal.status !== CER_STATUS.certified && pr?.auditStatus !== AUDIT_STATUS.pending;
    const pa = 'submit-personal';
    // After a rejection the form starts from what was sent, except the number, which comes back masked.
    const lastPersonal = pr?.auditStatus === AUDIT_STATUS.rejected ? pr.details : null;
    panels.push({
      id: 'cert-personal',
      heading: t('certification.personal.heading'),
      badge: personal.status === CER_STATUS.certified,
      state: stateOf(personal.status, pr),
      notices: personalOpen ? [t('certification.personal.intro')] : pr?.auditStatus === AUDIT_STATUS.pending ? [t('certification.pendingText', { date: formatDate(pr.submittedAt) })] : [],
      summary:
        !personalOpen && pr
          ? [
              { label: t('certification.fields.realName'), value: pr.details.realName },
              { label: t('certification.fields.idType'), value: t(`certification.idTypes.${pr.details.idType}`) },
              { label: t('certification.fields.idNumber'), value: pr.details.idNumber },
            ]
          : undefined,
      withdraw: pr?.auditStatus === AUDIT_STATUS.pending ? pr.id : undefined,
      form: personalOpen
        ? {
            action: pa,
            submit: t('certification.submit'),
            fields: [
              { name: 'realName', label: t('certification.fields.realName'), value: valueOf(pa, 'realName', lastPersonal?.realName), required: true, maxlength: 50, autocomplete: 'name' },
              {
                name: 'idType',
                label: t('certification.fields.idType'),
                kind: 'select',
                value: valueOf(pa, 'idType', lastPersonal?.idType ?? ID_TYPES[0]),
                required: true,
                options: ID_TYPES.map((id) => ({ value: String(id), label: t(`certification.idTypes.${id}`) })),
              },
              { name: 'idNumber', label: t('certification.fields.idNumber'), value: valueOf(pa, 'idNumber', ''), required: true, maxlength: 30, autocomplete: 'off' },
              { name: 'note', label: t('certification.fields.note'), kind: 'textarea', value: valueOf(pa, 'note', lastPersonal?.note), maxlength: 200, wide: true },
            ],
          }
        : undefined,
    });

    if (!session.company) {
      panels.push({ id: 'cert-company', heading: t('certification.company.heading'), notices: [t('profile.company.none')] });
    } else {
      const cert: CompanyCertification = await findCompanyCertification(session);
      const company = await findCompanyProfile(session, 'current');
      const cr = cert.record;
      const pending = cr?.auditStatus === AUDIT_STATUS.pending;
      const open = cert.status !== CER_STATUS.certified && !pending;
      const canSubmit = company.canEdit;
      const ca = 'submit-company';
      const last = cr?.auditStatus === AUDIT_STATUS.rejected ? cr.details : null;
      const notices = [t('certification.company.for', { name: company.orgName })];
      if (pending) notices.push(t('certification.pendingText', { date: formatDate(cr.submittedAt) }));
      if (open) notices.push(canSubmit ? t('certification.company.intro') : t('certification.company.adminOnly'));
      panels.push({
        id: 'cert-company',
        heading: t('certification.company.heading'),
        badge: cert.status === CER_STATUS.certified,
        state: stateOf(cert.status, cr),
        notices,
        summary:
          !open && cr?.details
            ? [
                { label: t('certification.fields.legalName'), value: cr.details.legalName },
                { label: t('certification.fields.socialCreditCode'), value: cr.details.socialCreditCode },
                { label: t('certification.fields.legalRepresentative'), value: cr.details.legalRepresentative },
              ]
            : undefined,
        withdraw: pending && cr.applicantId === session.user.id ? cr.id : undefined,
        form:
          open && canSubmit
            ? {
                action: ca,
                submit: t('certification.submit'),
                fields: [
                  { name: 'legalName', label: t('certification.fields.legalName'), value: valueOf(ca, 'legalName', last?.legalName ?? company.orgName), required: true, maxlength: 100, wide: true },
                  { name: 'socialCreditCode', label: t('certification.fields.socialCreditCode'), value: valueOf(ca, 'socialCreditCode', last?.socialCreditCode ?? company.socialCreditCode), required: true, maxlength: 24, hint: t('certification.hints.socialCreditCode'), autocomplete: 'off' },
                  { name: 'businessLicenceNo', label: t('certification.fields.businessLicenceNo'), value: valueOf(ca, 'businessLicenceNo', last?.businessLicenceNo ?? company.businessLicenceNo), required: true, maxlength: 24, hint: t('certification.hints.businessLicenceNo'), autocomplete: 'off' },
                  { name: 'legalRepresentative', label: t('certification.fields.legalRepresentative'), value: valueOf(ca, 'legalRepresentative', last?.legalRepresentative), required: true, maxlength: 50 },
                  { name: 'contactName', label: t('certification.fields.contactName'), value: valueOf(ca, 'contactName', last?.contactName), required: true, maxlength: 50, autocomplete: 'name' },
                  { name: 'contactPhone', label: t('certification.fields.contactPhone'), kind: 'tel', value: valueOf(ca, 'contactPhone', last?.contactPhone ?? company.mobile), required: true, maxlength: 30, autocomplete: 'tel' },
                ],
              }
            : undefined,
      });
    }
  }

  const tabLabel: Record<ProfileTab, string> = { basic: t('profile.tabs.basic'), company: t('profile.tabs.company'), 'cert-info': t('profile.tabs.certInfo'), password: t('profile.tabs.password') };
  return { tab, tabLabel, title: `${tabLabel[tab]} · ${t('profile.title')}`, done, panels, errorOf, formErrorOf };
}
