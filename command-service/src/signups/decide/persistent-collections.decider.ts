// Persistent collections for the sign-up state (ADR 0006, "Hot lists"): an update copies only
// the path to what it changes (O(log n) small nodes) and shares the rest, so every older version
// stays valid and unchanged. The state cache, the batch in the command handler (one state per
// command) and the decider's look-ahead all hold older versions, which rules out updating in
// place. Both shapes depend only on their content, never on the order of the updates that led
// there, so equal content gives equal (toEqual) values. Pure; the .decider suffix keeps the
// file under the deciders' import rules.

const BITS = 5;
const MASK = 31;

/** 32-bit hash of a string: FNV-1a, then MurmurHash3's finalizer so every bit depends on every character. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

// Hash array mapped trie: a branch has one slot per used 5-bit chunk of the hash (bitmap +
// dense children); a key sits at the shallowest level where its hash prefix is its own; keys
// with equal hashes share a collision node (sorted by key).
interface Leaf<V> {
  readonly kind: 0;
  readonly hash: number;
  readonly key: string;
  readonly value: V;
}
interface Collision<V> {
  readonly kind: 1;
  readonly hash: number;
  readonly leaves: readonly Leaf<V>[];
}
interface Branch<V> {
  readonly kind: 2;
  readonly bitmap: number;
  readonly children: readonly Trie<V>[];
}
type Trie<V> = Leaf<V> | Collision<V> | Branch<V>;

const leaf = <V>(hash: number, key: string, value: V): Leaf<V> => ({ kind: 0, hash, key, value });
const branch = <V>(bitmap: number, children: readonly Trie<V>[]): Branch<V> => ({ kind: 2, bitmap, children });

function find<V>(root: Trie<V> | null, hash: number, key: string): Leaf<V> | undefined {
  let node = root;
  let shift = 0;
  while (node !== null) {
    if (node.kind === 0) return node.key === key ? node : undefined;
    if (node.kind === 1) return node.hash === hash ? node.leaves.find((l) => l.key === key) : undefined;
    const bit = 1 << ((hash >>> shift) & MASK);
    if ((node.bitmap & bit) === 0) return undefined;
    node = node.children[bitCount(node.bitmap & (bit - 1))] ?? null;
    shift += BITS;
  }
  return undefined;
}

/** A branch (chain) separating two nodes whose hashes differ. */
function split<V>(a: Leaf<V> | Collision<V>, b: Leaf<V>, shift: number): Branch<V> {
  const ia = (a.hash >>> shift) & MASK;
  const ib = (b.hash >>> shift) & MASK;
  if (ia === ib) return branch(1 << ia, [split(a, b, shift + BITS)]);
  return branch((1 << ia) | (1 << ib), ia < ib ? [a, b] : [b, a]);
}

function withLeaf<V>(leaves: readonly Leaf<V>[], added: Leaf<V>): Leaf<V>[] {
  const rest = leaves.filter((l) => l.key !== added.key);
  const at = rest.findIndex((l) => l.key > added.key);
  return at === -1 ? [...rest, added] : [...rest.slice(0, at), added, ...rest.slice(at)];
}

function insert<V>(node: Trie<V> | null, added: Leaf<V>, shift: number): Trie<V> {
  if (node === null) return added;
  if (node.kind === 0) {
    if (node.key === added.key) return added;
    if (node.hash === added.hash) return { kind: 1, hash: added.hash, leaves: withLeaf([node], added) };
    return split(node, added, shift);
  }
  if (node.kind === 1) {
    if (node.hash === added.hash) return { kind: 1, hash: added.hash, leaves: withLeaf(node.leaves, added) };
    return split(node, added, shift);
  }
  const bit = 1 << ((added.hash >>> shift) & MASK);
  const index = bitCount(node.bitmap & (bit - 1));
  const children = node.children.slice();
  if ((node.bitmap & bit) === 0) {
    children.splice(index, 0, added);
    return branch(node.bitmap | bit, children);
  }
  children[index] = insert(node.children[index] ?? null, added, shift + BITS);
  return branch(node.bitmap, children);
}

/** Removes a key that is present; a branch left with one leaf or collision gives way to it. */
function remove<V>(node: Trie<V>, hash: number, key: string, shift: number): Trie<V> | null {
  if (node.kind === 0) return null;
  if (node.kind === 1) {
    const leaves = node.leaves.filter((l) => l.key !== key);
    return leaves.length === 1 ? (leaves[0] as Leaf<V>) : { kind: 1, hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  const index = bitCount(node.bitmap & (bit - 1));
  const child = remove(node.children[index] as Trie<V>, hash, key, shift + BITS);
  const children = node.children.slice();
  let bitmap = node.bitmap;
  if (child === null) {
    children.splice(index, 1);
    bitmap &= ~bit;
  } else {
    children[index] = child;
  }
  if (children.length === 0) return null;
  const only = children[0] as Trie<V>;
  if (children.length === 1 && only.kind !== 2) return only;
  return branch(bitmap, children);
}

function collect<V, T>(node: Trie<V> | null, pick: (l: Leaf<V>) => T, into: T[]): T[] {
  if (node === null) return into;
  if (node.kind === 0) into.push(pick(node));
  else if (node.kind === 1) for (const l of node.leaves) into.push(pick(l));
  else for (const child of node.children) collect(child, pick, into);
  return into;
}

/** An immutable map from string keys; `set` and `delete` return a new map sharing all but one path. */
export class PersistentMap<V> {
  private static readonly none = new PersistentMap<never>(null, 0);

  private constructor(
    private readonly root: Trie<V> | null,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return PersistentMap.none;
  }

  get(key: string): V | undefined {
    return find(this.root, hashString(key), key)?.value;
  }

  has(key: string): boolean {
    return find(this.root, hashString(key), key) !== undefined;
  }

  set(key: string, value: V): PersistentMap<V> {
    const hash = hashString(key);
    const present = find(this.root, hash, key);
    if (present !== undefined && present.value === value) return this;
    return new PersistentMap(insert(this.root, leaf(hash, key, value), 0), present === undefined ? this.size + 1 : this.size);
  }

  delete(key: string): PersistentMap<V> {
    const hash = hashString(key);
    if (this.root === null || find(this.root, hash, key) === undefined) return this;
    const root = remove(this.root, hash, key, 0);
    return root === null ? PersistentMap.none : new PersistentMap(root, this.size - 1);
  }

  /** The keys in hash order (stable for equal content). */
  keys(): string[] {
    return collect(this.root, (l) => l.key, []);
  }

  values(): V[] {
    return collect(this.root, (l) => l.value, []);
  }

  entries(): Array<[string, V]> {
    return collect(this.root, (l): [string, V] => [l.key, l.value], []);
  }
}

// Treap ordered by (position, id) with subtree sizes: the priority is the id's hash, so the
// shape follows from the content alone and is balanced in expectation (ids are random).
interface QueueNode {
  readonly id: string;
  readonly position: number;
  readonly priority: number;
  readonly size: number;
  readonly left: QueueNode | null;
  readonly right: QueueNode | null;
}

const sizeOf = (node: QueueNode | null): number => (node === null ? 0 : node.size);
const node = (of: QueueNode, left: QueueNode | null, right: QueueNode | null): QueueNode =>
  ({ id: of.id, position: of.position, priority: of.priority, size: 1 + sizeOf(left) + sizeOf(right), left, right });
const precedes = (position: number, id: string, other: QueueNode): boolean => position < other.position || (position === other.position && id < other.id);
const outranks = (a: QueueNode, b: QueueNode): boolean => a.priority > b.priority || (a.priority === b.priority && precedes(a.position, a.id, b));
const nodePrecedes = (other: QueueNode, position: number, id: string): boolean => other.position < position || (other.position === position && other.id < id);

/** The nodes before (position, id) and the nodes after it. */
function divide(root: QueueNode | null, position: number, id: string): [QueueNode | null, QueueNode | null] {
  if (root === null) return [null, null];
  if (nodePrecedes(root, position, id)) {
    const [before, after] = divide(root.right, position, id);
    return [node(root, root.left, before), after];
  }
  const [before, after] = divide(root.left, position, id);
  return [before, node(root, after, root.right)];
}

/** Joins two treaps where every node of `a` precedes every node of `b`. */
function join(a: QueueNode | null, b: QueueNode | null): QueueNode | null {
  if (a === null) return b;
  if (b === null) return a;
  return outranks(a, b) ? node(a, a.left, join(a.right, b)) : node(b, join(a, b.left), b.right);
}

function add(root: QueueNode | null, added: QueueNode): QueueNode {
  if (root === null) return added;
  if (outranks(added, root)) {
    const [before, after] = divide(root, added.position, added.id);
    return node(added, before, after);
  }
  return precedes(added.position, added.id, root) ? node(root, add(root.left, added), root.right) : node(root, root.left, add(root.right, added));
}

function drop(root: QueueNode | null, position: number, id: string): QueueNode | null {
  if (root === null) return null;
  if (root.id === id) return join(root.left, root.right);
  return precedes(position, id, root) ? node(root, drop(root.left, position, id), root.right) : node(root, root.left, drop(root.right, position, id));
}

/** In order until `visit` returns false; false when it stopped. */
function visitInOrder(root: QueueNode | null, visit: (id: string) => boolean): boolean {
  if (root === null) return true;
  return visitInOrder(root.left, visit) && visit(root.id) && visitInOrder(root.right, visit);
}

/**
 * An immutable queue of ids ordered by a position (the sign-up's queuedAt), then id: joins and
 * leaves anywhere, reads from the head, and answers an id's rank, each in O(log n).
 */
export class PersistentQueue {
  private static readonly none = new PersistentQueue(null);

  private constructor(private readonly root: QueueNode | null) {}

  static empty(): PersistentQueue {
    return PersistentQueue.none;
  }

  get size(): number {
    return sizeOf(this.root);
  }

  /** Adds an id that is not queued yet. */
  add(id: string, position: number): PersistentQueue {
    return new PersistentQueue(add(this.root, { id, position, priority: hashString(id), size: 1, left: null, right: null }));
  }

  /** Removes the id queued at `position`. */
  remove(id: string, position: number): PersistentQueue {
    const root = drop(this.root, position, id);
    return root === null ? PersistentQueue.none : new PersistentQueue(root);
  }

  /** Number of ids before the one queued at `position`, or null when it is not queued. */
  rank(id: string, position: number): number | null {
    let current = this.root;
    let before = 0;
    while (current !== null) {
      if (current.id === id) return before + sizeOf(current.left);
      if (precedes(position, id, current)) {
        current = current.left;
      } else {
        before += sizeOf(current.left) + 1;
        current = current.right;
      }
    }
    return null;
  }

  /** Visits the ids first in line first, until `visit` returns false. */
  forEach(visit: (id: string) => boolean): void {
    visitInOrder(this.root, visit);
  }

  ids(): string[] {
    const ids: string[] = [];
    this.forEach((id) => {
      ids.push(id);
      return true;
    });
    return ids;
  }
}
