import { useId, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import type { DepartmentNode } from './api';
import styles from './Companies.module.css';
import { visibleRows } from './tree';

interface Props {
  t: ClientT;
  label: string;
  roots: readonly DepartmentNode[];
  expanded: ReadonlySet<number>;
  onExpand: (id: number, open: boolean) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Filled with each row's element, so the panel can put the focus back on a department after a change. */
  itemRefs: Map<number, HTMLLIElement>;
  /** The visible note on how to move through the tree. */
  describedBy?: string | undefined;
}

/**
 * The department tree as an ARIA tree view: one tab stop, arrows move (right opens or enters, left closes or goes
 * up), Home and End jump. Selection follows the focus, so the details beside it always describe the focused row.
 */
export function DepartmentTree({ t, label, roots, expanded, onExpand, selectedId, onSelect, itemRefs, describedBy }: Props) {
  const baseId = useId();
  const rows = visibleRows(roots, expanded);
  const tabbable = rows.some((row) => row.node.id === selectedId) ? selectedId : (rows[0]?.node.id ?? null);

  const idOf = (target: EventTarget): number | null => {
    const item = target instanceof HTMLElement ? target.closest<HTMLElement>('[role="treeitem"]') : null;
    return item?.dataset.id ? Number(item.dataset.id) : null;
  };
  const focus = (id: number | undefined) => {
    if (id !== undefined) itemRefs.get(id)?.focus();
  };

  function onFocus(event: FocusEvent<HTMLUListElement>) {
    const id = idOf(event.target);
    if (id !== null) onSelect(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const id = idOf(event.target);
    const index = rows.findIndex((row) => row.node.id === id);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const open = expanded.has(node.id);
    switch (event.key) {
      case 'ArrowDown':
        focus(rows[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(rows[index - 1]?.node.id);
        break;
      case 'Home':
        focus(rows[0]?.node.id);
        break;
      case 'End':
        focus(rows[rows.length - 1]?.node.id);
        break;
      case 'ArrowRight':
        if (node.children.length === 0) break;
        if (open) focus(node.children[0]?.id);
        else onExpand(node.id, true);
        break;
      case 'ArrowLeft':
        if (node.children.length > 0 && open) onExpand(node.id, false);
        else if (node.parentId !== null) focus(node.parentId);
        break;
      case 'Enter':
      case ' ':
        onSelect(node.id);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function onClick(event: MouseEvent<HTMLUListElement>) {
    const id = idOf(event.target);
    if (id !== null) focus(id);
  }

  function toggle(event: MouseEvent<HTMLSpanElement>, node: DepartmentNode) {
    // The twisty only opens and closes; the click must not also bubble up as a selection of another row.
    event.stopPropagation();
    onExpand(node.id, !expanded.has(node.id));
    focus(node.id);
  }

  function items(nodes: readonly DepartmentNode[], depth: number) {
    return nodes.map((node) => {
      const hasChildren = node.children.length > 0;
      const open = expanded.has(node.id);
      const labelId = `${baseId}-${node.id}`;
      return (
        <li
          key={node.id}
          ref={(element) => {
            if (element) itemRefs.set(node.id, element);
            else itemRefs.delete(node.id);
          }}
          role="treeitem"
          data-id={node.id}
          aria-level={depth + 1}
          aria-expanded={hasChildren ? open : undefined}
          aria-selected={node.id === selectedId}
          // Named by its own row only: otherwise the name would run on through every department under it.
          aria-labelledby={labelId}
          tabIndex={node.id === tabbable ? 0 : -1}
          className={styles.treeItem}
        >
          <div className={styles.treeRow}>
            <span className={styles.twisty} aria-hidden="true" onClick={hasChildren ? (e) => toggle(e, node) : undefined}>
              {hasChildren ? (open ? '▾' : '▸') : ''}
            </span>
            <span id={labelId} className={styles.treeLabel}>
              {node.name}
              {node.status === 0 && <span className={`${styles.tag} ${styles.tagOff}`}>{t('companies.departments.disabledStatus')}</span>}
            </span>
          </div>
          {hasChildren && open && <ul role="group">{items(node.children, depth + 1)}</ul>}
        </li>
      );
    });
  }

  return (
    // The handlers sit on the tree and serve every row inside it: one listener, whatever the depth.
    <ul role="tree" aria-label={label} aria-describedby={describedBy} className={styles.tree} onKeyDown={onKeyDown} onFocus={onFocus} onClick={onClick}>
      {items(roots, 0)}
    </ul>
  );
}
