import { useMemo } from 'react';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { ApiTokensPanel } from './ApiTokensPanel';
import { DepartmentsPanel } from './DepartmentsPanel';
import { MembersPanel } from './MembersPanel';
import { RolesPanel } from './RolesPanel';
import { WebhooksPanel } from './WebhooksPanel';
import { useHydrated } from '../shared/useHydrated';

export type CompaniesTab = 'members' | 'roles' | 'departments' | 'api-tokens' | 'webhooks';

interface Props {
  tab: CompaniesTab;
  /** The `companies` and `errors` slices of the page language's messages. */
  messages: Dict;
  /** The signed-in user: marked "you" in the member list, and the reason a 409 on them means "not yourself". */
  currentUserId: number;
  /** The page's language and time offset, for dates (docs/product/constants.md#time-zone). */
  lang: string;
  offset: string;
  /** This page's path, for links between the tabs. */
  path: string;
  /** The members tab opens filtered by this department (the departments tab links there). */
  departmentId: number | null;
  /** The help article on connecting a company's systems: how a receiver checks a webhook's signature. */
  integrationsGuide: string;
}

/**
 * Company administration (docs/product/companies.md#calls authcenter roles, organizes, user exts) for the current company, which the page has
 * already checked: an enterprise company and FUN006. The tabs are links the page renders; this is one tab's panel.
 */
export default function Companies({ tab, messages, currentUserId, lang, offset, path, departmentId, integrationsGuide }: Props) {
  // A new translator each render would reload every panel: their loaders depend on it.
  const t = useMemo(() => createClientT(messages), [messages]);
  const ready = useHydrated();
  switch (tab) {
    case 'members':
      return <MembersPanel t={t} ready={ready} currentUserId={currentUserId} lang={lang} offset={offset} initialDepartmentId={departmentId} />;
    case 'roles':
      return <RolesPanel t={t} ready={ready} lang={lang} offset={offset} />;
    case 'departments':
      return <DepartmentsPanel t={t} ready={ready} path={path} />;
    case 'api-tokens':
      return <ApiTokensPanel t={t} ready={ready} lang={lang} offset={offset} />;
    case 'webhooks':
      return <WebhooksPanel t={t} ready={ready} lang={lang} offset={offset} guideUrl={integrationsGuide} />;
  }
}
