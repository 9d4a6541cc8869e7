import type { DepartmentNode } from './api';

export interface FlatDepartment {
  node: DepartmentNode;
  depth: number;
  parentId: number | null;
}

/** Depth-first, in the server's sibling order: the order pickers and the tree show departments in. */
export function flatten(roots: readonly DepartmentNode[], depth = 0): FlatDepartment[] {
  return roots.flatMap((node) => [{ node, depth, parentId: node.parentId }, ...flatten(node.children, depth + 1)]);
}

export function findDepartment(roots: readonly DepartmentNode[], id: number): DepartmentNode | undefined {
  for (const node of roots) {
    if (node.id === id) return node;
    const found = findDepartment(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** A department and everything under it: none of them can become its parent without making a cycle. */
export function subtreeIds(node: DepartmentNode): Set<number> {
  const ids = new Set<number>([node.id]);
  for (const child of node.children) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

/** The rows a tree shows: children only under expanded parents. */
export function visibleRows(roots: readonly DepartmentNode[], expanded: ReadonlySet<number>, depth = 0): FlatDepartment[] {
  return roots.flatMap((node) => [
    { node, depth, parentId: node.parentId },
    ...(expanded.has(node.id) ? visibleRows(node.children, expanded, depth + 1) : []),
  ]);
}

/** Every department that has children: the tree opens fully at first, since companies have few departments. */
export function parentIds(roots: readonly DepartmentNode[]): Set<number> {
  return new Set(flatten(roots).filter((row) => row.node.children.length > 0).map((row) => row.node.id));
}
