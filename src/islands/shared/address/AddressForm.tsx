import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { addressTree, type AddressTreeNode } from '../../../lib/api/address-cache';
import { addressesApi } from '../../../lib/api/sampling-addresses';
import { DETAIL_MAX, isValidPhone, normalizePhone, POSTCODE_MAX, POSTCODE_PATTERN, RECEIVER_MAX } from '../../../lib/contracts/sampling-addresses-rules';
import type { ShippingAddress } from '../../../lib/contracts/sampling-addresses';
import type { ClientT } from '../../../lib/i18n/client';
import { FieldError, formStyles, serverErrors, TextField, useFieldAria } from '../forms';
import { DialogActions } from '../ConfirmDialog';
import styles from './AddressForm.module.css';

const FIELDS = ['receiver', 'phone', 'countryId', 'provinceId', 'cityId', 'districtId', 'detail', 'postcode'] as const;
type Field = (typeof FIELDS)[number];
type Place = 'countryId' | 'provinceId' | 'cityId' | 'districtId';
type Values = Record<'receiver' | 'phone' | 'detail' | 'postcode', string> & Record<Place, number | null>;
type Errors = Partial<Record<Field | 'form', string>>;

const fromAddress = (a: ShippingAddress | null): Values => ({
  receiver: a?.receiver ?? '',
  phone: a?.phone ?? '',
  countryId: a?.countryId ?? null,
  provinceId: a?.provinceId ?? null,
  cityId: a?.cityId ?? null,
  districtId: a?.districtId ?? null,
  detail: a?.detail ?? '',
  postcode: a?.postcode ?? '',
});

const childrenOf = (nodes: AddressTreeNode[], id: number | null) => (id === null ? [] : (nodes.find((n) => n.id === id)?.children ?? []));

interface SelectProps {
  label: string;
  value: number | null;
  options: AddressTreeNode[];
  lang: string;
  error: string | undefined;
  placeholder: string;
  name: string;
  selectRef: (el: HTMLSelectElement | null) => void;
  onChange: (id: number | null) => void;
  onBlur: () => void;
}

function PlaceSelect({ label, value, options, lang, error, placeholder, name, selectRef, onChange, onBlur }: SelectProps) {
  const aria = useFieldAria(error);
  return (
    <div className={formStyles.field}>
      <label htmlFor={aria.id}>{label}</label>
      <select ref={selectRef} name={name} {...aria.control} value={value ?? ''} disabled={options.length === 0} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} onBlur={onBlur}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {lang === 'en' ? o.fullEnName : o.fullZhName}
          </option>
        ))}
      </select>
      <FieldError id={aria.errorId} error={error} />
    </div>
  );
}

interface Props {
  t: ClientT;
  lang: string;
  address: ShippingAddress | null;
  onSaved: (saved: ShippingAddress) => void;
  onCancel: () => void;
}

/**
 * Adding or editing an address (the address book's dialog, the sample request's inline form): each field is
 * checked when it loses the focus, every field again on save; the server's refusals land under their fields and
 * nothing typed is lost. The places cascade down the cached tree. Words come from the `addressBook` slice.
 */
export function AddressForm({ t, lang, address, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => fromAddress(address));
  const [errors, setErrors] = useState<Errors>({});
  const [tree, setTree] = useState<AddressTreeNode[] | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<Field, HTMLElement | null>());
  const bindRef = (field: Field) => (el: HTMLElement | null) => {
    refs.current.set(field, el);
  };

  useEffect(() => {
    let live = true;
    addressTree()
      .then((nodes) => live && setTree(nodes))
      .catch(() => live && setTree([]));
    return () => {
      live = false;
    };
  }, []);

  const provinces = childrenOf(tree ?? [], values.countryId);
  const cities = childrenOf(provinces, values.provinceId);
  const districts = childrenOf(cities, values.cityId);

  function check(field: Field, v: Values = values): string | undefined {
    switch (field) {
      case 'receiver':
        if (!v.receiver.trim()) return t('addressBook.form.required');
        return v.receiver.trim().length > RECEIVER_MAX ? t('addressBook.form.tooLong', { max: RECEIVER_MAX }) : undefined;
      case 'phone':
        if (!v.phone.trim()) return t('addressBook.form.required');
        return isValidPhone(normalizePhone(v.phone.trim())) ? undefined : t('addressBook.form.phoneInvalid');
      case 'countryId':
        return v.countryId === null ? t('addressBook.form.required') : undefined;
      case 'provinceId':
        return v.provinceId === null && childrenOf(tree ?? [], v.countryId).length > 0 ? t('addressBook.form.required') : undefined;
      case 'cityId':
        return v.cityId === null && childrenOf(childrenOf(tree ?? [], v.countryId), v.provinceId).length > 0 ? t('addressBook.form.required') : undefined;
      case 'districtId':
        return undefined;
      case 'detail':
        if (!v.detail.trim()) return t('addressBook.form.required');
        return v.detail.trim().length > DETAIL_MAX ? t('addressBook.form.tooLong', { max: DETAIL_MAX }) : undefined;
      case 'postcode': {
        const p = v.postcode.trim();
        return p.length > POSTCODE_MAX || !POSTCODE_PATTERN.test(p) ? t('addressBook.form.postcodeInvalid', { max: POSTCODE_MAX }) : undefined;
      }
    }
  }

  const blur = (field: Field) => () => setErrors((e) => ({ ...e, [field]: check(field) }));
  const setText = (field: 'receiver' | 'phone' | 'detail' | 'postcode') => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A shown error is re-checked as the user types, so it disappears once fixed.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: check(field, { ...values, [field]: value }) }));
  };
  const setPlace = (field: Place) => (id: number | null) => {
    const order: Place[] = ['countryId', 'provinceId', 'cityId', 'districtId'];
    const next = { ...values, [field]: id };
    // A new choice clears the levels under it: they belonged to the old one.
    for (const below of order.slice(order.indexOf(field) + 1)) next[below] = null;
    setValues(next);
    setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || tree === null) return;
    const found: Errors = {};
    for (const f of FIELDS) found[f] = check(f);
    const first = FIELDS.find((f) => found[f]);
    setErrors(found);
    if (first) return refs.current.get(first)?.focus();
    // The checks above refuse an address without a country; this only tells the type checker so.
    if (values.countryId === null) return;
    setBusy(true);
    const body = { receiver: values.receiver.trim(), phone: values.phone.trim(), countryId: values.countryId, provinceId: values.provinceId, cityId: values.cityId, districtId: values.districtId, detail: values.detail.trim(), postcode: values.postcode.trim() || null };
    try {
      const saved = address ? await addressesApi.update(address.id, body) : await addressesApi.add(body);
      if (saved) onSaved(saved);
    } catch (error) {
      const next = serverErrors(error, FIELDS, t);
      setErrors(next);
      const firstServer = FIELDS.find((f) => next[f]);
      if (firstServer) refs.current.get(firstServer)?.focus();
      setBusy(false);
    }
  }

  const choose = tree === null ? t('addressBook.form.treeLoading') : t('addressBook.form.choose');
  const placeSelect = (field: Place, label: string, options: AddressTreeNode[], emptyLabel: string) => (
    <PlaceSelect
      label={label}
      name={field}
      lang={lang}
      value={values[field]}
      options={options}
      error={errors[field]}
      placeholder={options.length === 0 && field !== 'countryId' ? emptyLabel : choose}
      selectRef={bindRef(field)}
      onChange={setPlace(field)}
      onBlur={blur(field)}
    />
  );

  return (
    <form className={`${formStyles.form} ${styles.form}`} noValidate onSubmit={submit}>
      <div className={styles.row}>
        <TextField label={t('addressBook.form.receiver')} name="receiver" autoComplete="name" value={values.receiver} onValueChange={setText('receiver')} onBlur={blur('receiver')} error={errors.receiver} inputRef={refProxy(bindRef('receiver'))} data-autofocus />
        <TextField label={t('addressBook.form.phone')} name="phone" type="tel" autoComplete="tel" value={values.phone} onValueChange={setText('phone')} onBlur={blur('phone')} error={errors.phone} hint={t('addressBook.form.phoneHint')} inputRef={refProxy(bindRef('phone'))} />
      </div>
      <div className={styles.row}>
        {placeSelect('countryId', t('addressBook.form.country'), tree ?? [], choose)}
        {placeSelect('provinceId', t('addressBook.form.province'), provinces, t('addressBook.form.none'))}
      </div>
      <div className={styles.row}>
        {placeSelect('cityId', t('addressBook.form.city'), cities, t('addressBook.form.none'))}
        {placeSelect('districtId', t('addressBook.form.district'), districts, t('addressBook.form.none'))}
      </div>
      <TextField label={t('addressBook.form.detail')} name="detail" autoComplete="street-address" value={values.detail} onValueChange={setText('detail')} onBlur={blur('detail')} error={errors.detail} inputRef={refProxy(bindRef('detail'))} />
      <TextField label={t('addressBook.form.postcode')} name="postcode" autoComplete="postal-code" value={values.postcode} onValueChange={setText('postcode')} onBlur={blur('postcode')} error={errors.postcode} inputRef={refProxy(bindRef('postcode'))} />
      <DialogActions
        error={errors.form}
        busy={busy}
        label={t('addressBook.form.save')}
        busyLabel={t('addressBook.form.saving')}
        cancelLabel={t('addressBook.form.cancel')}
        onCancel={onCancel}
        disabled={tree === null}
      />
    </form>
  );
}

/** A ref object whose writes go to a callback (TextField takes ref objects). */
function refProxy(set: (el: HTMLElement | null) => void): { current: HTMLInputElement | null } {
  let value: HTMLInputElement | null = null;
  return {
    get current() {
      return value;
    },
    set current(el) {
      value = el;
      set(el);
    },
  };
}
