/**
 * The supplier's material list with multi-select and batch actions (docs/product/supplier.md#batch-actions): put on
 * or take off markets, delete (asked first), export the selection or the whole filtered list. After an action the
 * page of rows is read again and a notice says how many changed.
 */
import { useId, useRef, useState } from 'react';
import type { SupplierMaterialQuery, SupplierMaterialRow } from '../../lib/contracts/material-edit';
import { errorText } from '../../lib/api/client';
import { formatTime } from '../../lib/format-time';
import { supplierMaterialsApi } from '../../lib/api/supplier-materials';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { ConfirmDialog, DialogActions } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import { Picture } from '../shared/Picture';
import styles from './SupplierMaterials.module.css';

interface Props {
  rows: SupplierMaterialRow[];
  /** The list's filters and page, to read the rows again and to export the filtered list. */
  query: SupplierMaterialQuery;
  /** `{ supplier, errors }` slices of the page language's messages. */
  messages: Dict;
  lang: string;
  /** The offset the page wrote its times in (docs/product/constants.md#time-zone). */
  offset: string;
  can: { market: boolean; manage: boolean; export: boolean };
}

type Dialog = { kind: 'on' | 'off' } | { kind: 'delete' } | null;
const MARKETS = [1, 2] as const;
export default function SupplierMaterialList({ rows: initial, query, messages, lang, offset, can }: Props) {
  const t = createClientT(messages);
  const [rows, setRows] = useState(initial);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [markets, setMarkets] = useState<Set<number>>(new Set([1]));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const toolbar = useRef<HTMLDivElement>(null);
  const marketsId = useId();

  const ids = [...selected];
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)));

  async function refresh(message: string) {
    const page = await supplierMaterialsApi.list(query);
    // The page may have emptied (all its rows deleted): the first page then, if there is one.
    const next = page && page.records.length === 0 && query.page > 1 ? await supplierMaterialsApi.list({ ...query, page: 1 }) : page;
    setRows(next?.records ?? []);
    setSelected(new Set());
    setNotice(message);
  }

  async function runMarket(on: boolean) {
    if (markets.size === 0) {
      setError(t('supplier.batch.marketsRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await supplierMaterialsApi.setMarket(ids, [...markets], on, { silent: true });
      setDialog(null);
      await refresh(t(on ? 'supplier.batch.doneOn' : 'supplier.batch.doneOff', { count: result?.updated ?? 0 }));
    } catch (cause) {
      setError(errorText(t, cause));
    } finally {
      setBusy(false);
    }
  }

  async function runDelete() {
    const result = await supplierMaterialsApi.remove(ids, { silent: true });
    setDialog(null);
    await refresh(t('supplier.batch.doneDelete', { count: result?.deleted ?? 0 }));
  }

  async function runExport() {
    setBusy(true);
    setNotice('');
    try {
      const { page: _page, size: _size, ...filters } = query;
      const file = await supplierMaterialsApi.exportFile(ids.length ? { materialIds: ids } : { query: filters }, t);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setNotice(t('supplier.batch.doneExport', { file: file.fileName }));
    } catch (cause) {
      setNotice(errorText(t, cause));
    } finally {
      setBusy(false);
    }
  }

  const open = (next: Dialog) => {
    setError('');
    setDialog(next);
  };

  return (
    <div className={styles.list}>
      <div className={styles.toolbar} ref={toolbar} role="toolbar" aria-label={t('supplier.batch.label')}>
        <label className={styles.selectAll}>
          <input type="checkbox" checked={allSelected} onChange={toggleAll} disabled={rows.length === 0} />
          {t('supplier.batch.selectAll')}
        </label>
        <span className={styles.count} aria-live="polite">
          {ids.length ? t('supplier.batch.selected', { count: ids.length }) : can.export ? t('supplier.batch.noneSelected') : ''}
        </span>
        <div className={styles.actions}>
          {can.market && (
            <>
              <button type="button" className="btn btn-secondary" disabled={!ids.length || busy} onClick={() => open({ kind: 'on' })}>
                {t('supplier.batch.onMarket')}
              </button>
              <button type="button" className="btn btn-secondary" disabled={!ids.length || busy} onClick={() => open({ kind: 'off' })}>
                {t('supplier.batch.offMarket')}
              </button>
            </>
          )}
          {can.manage && (
            <button type="button" className="btn btn-secondary" disabled={!ids.length || busy} onClick={() => open({ kind: 'delete' })}>
              {t('supplier.batch.delete')}
            </button>
          )}
          {can.export && (
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void runExport()}>
              {busy && !dialog ? t('supplier.batch.working') : t('supplier.batch.export')}
            </button>
          )}
        </div>
      </div>
      <p className={styles.notice} role="status">
        {notice}
      </p>

      <div className="data-table-frame">
        <table className={`data-table ${styles.table}`}>
          <caption className="sr-only">{t('supplier.home.listHeading')}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.check}>
                <span className="sr-only">{t('supplier.column.select')}</span>
              </th>
              <th scope="col">{t('supplier.column.cover')}</th>
              <th scope="col">{t('supplier.column.name')}</th>
              <th scope="col">{t('supplier.column.category')}</th>
              <th scope="col" className="num">
                {t('supplier.column.colors')}
              </th>
              <th scope="col">{t('supplier.column.market')}</th>
              <th scope="col">{t('supplier.column.modified')}</th>
              <th scope="col">{t('supplier.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-material-id={r.id} className={selected.has(r.id) ? styles.chosen : undefined}>
                <td className={styles.check}>
                  <input type="checkbox" checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={t('supplier.batch.selectRow', { name: r.name })} />
                </td>
                <td className={styles.cover}>{r.cover ? <Picture image={r.cover} alt="" sizes="64px" /> : <span className={styles.noCover} aria-hidden="true" />}</td>
                <td>
                  <div className={styles.name}>
                    <a href={`/material/detail?materialId=${r.id}`}>{r.name}</a>
                    <span className={styles.serial}>{r.serialNo}</span>
                  </div>
                </td>
                <td data-label={t('supplier.column.category')}>{r.categoryName}</td>
                <td className="num" data-label={t('supplier.column.colors')}>
                  {r.colorCount}
                </td>
                <td>
                  <div className={styles.states}>
                    {r.marketTypes.map((m) => (
                      <span key={m} className="pill is-on" data-state="on">
                        {t(`supplier.market.${m}`)}
                      </span>
                    ))}
                    {r.isDraft ? (
                      <span className="pill" data-state="draft">
                        {t('supplier.badge.draft')}
                      </span>
                    ) : (
                      r.marketTypes.length === 0 && (
                        <span className="pill" data-state="off">
                          {t('supplier.badge.off')}
                        </span>
                      )
                    )}
                    {r.renderFailed > 0 && (
                      <span className="pill" data-state="failed">
                        {t('supplier.badge.renderFailed', { count: r.renderFailed })}
                      </span>
                    )}
                    {r.renderQueued > 0 && (
                      <span className="pill" data-state="queued">
                        {t('supplier.badge.renderQueued', { count: r.renderQueued })}
                      </span>
                    )}
                  </div>
                </td>
                <td className={styles.time} data-label={t('supplier.column.modified')}>
                  {formatTime(r.gmtModifyTime, lang, offset)}
                </td>
                <td className={styles.rowActions}>
                  <a href={`/supplier/material/edit?materialId=${r.id}`}>{t('supplier.action.edit')}</a>
                  <a href={`/supplier/material/history?materialId=${r.id}`}>{t('supplier.action.history')}</a>
                  <a href={`/material/detail?materialId=${r.id}`}>{t('supplier.action.view')}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && <p className={styles.empty}>{t('supplier.home.emptyFiltered')}</p>}

      {dialog && dialog.kind !== 'delete' && (
        <Modal title={t(dialog.kind === 'on' ? 'supplier.batch.onTitle' : 'supplier.batch.offTitle')} onClose={() => setDialog(null)} fallbackFocus={() => toolbar.current?.querySelector('button') ?? null}>
          <fieldset className={styles.markets}>
            <legend id={marketsId}>{t('supplier.batch.chooseMarkets')}</legend>
            {MARKETS.map((m) => (
              <label key={m}>
                <input
                  type="checkbox"
                  checked={markets.has(m)}
                  data-autofocus={m === 1 ? true : undefined}
                  onChange={() =>
                    setMarkets((now) => {
                      const next = new Set(now);
                      if (next.has(m)) next.delete(m);
                      else next.add(m);
                      return next;
                    })
                  }
                />
                {t(`supplier.market.${m}`)}
              </label>
            ))}
          </fieldset>
          <DialogActions error={error} busy={busy} label={t('supplier.batch.confirm')} busyLabel={t('supplier.batch.working')} cancelLabel={t('supplier.batch.cancel')} onCancel={() => setDialog(null)} onConfirm={() => void runMarket(dialog.kind === 'on')} />
        </Modal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('supplier.batch.deleteTitle')}
          text={t('supplier.batch.deleteText', { count: ids.length })}
          confirmLabel={t('supplier.batch.delete')}
          busyLabel={t('supplier.batch.working')}
          cancelLabel={t('supplier.batch.cancel')}
          onConfirm={runDelete}
          describeError={(cause) => errorText(t, cause)}
          onClose={() => setDialog(null)}
          fallbackFocus={() => toolbar.current?.querySelector('button') ?? null}
        />
      )}
    </div>
  );
}
