/**
 * `keyedNodes(nodes)`: a child-position directive that shows a list of nodes, in order, as the
 * nodes themselves: no marker comments and no Lit part per node (Lit's `repeat` makes two of each
 * and moves three nodes per moved item). A node stays where it is when it can: between renders it
 * moves only the nodes outside the longest run already in order, so an append, a removal or one
 * item moving touches only those, and a moved element keeps its state (an iframe is not reloaded,
 * a focused input is moved at most once).
 *
 * The nodes are the caller's (render-child.ts: each child component's element, one per key); the
 * directive only places them between its part's markers.
 *
 * @module
 */
import { noChange } from 'lit';
import { Directive, directive, type ChildPart } from 'lit/directive.js';

/** (In a child position only: render-child.ts and surface.ts put it there.) */
class KeyedNodes extends Directive {
  /** The nodes of the last render, in order. */
  private shown: readonly Node[] = [];

  render(_nodes: readonly Node[]): unknown {
    return noChange;
  }

  override update(part: ChildPart, [nodes]: [readonly Node[]]): unknown {
    // Where the part's markers are now (a template's fragment before Lit inserts it: `part.parentNode`
    // would name the container it is going to).
    const parent = part.startNode!.parentNode!;
    const end = part.endNode;
    const old = this.shown;
    this.shown = nodes;
    if (!old.length) {
      // First render (or from empty): every node in one insertion.
      if (nodes.length) parent.insertBefore(fragmentOf(nodes), end);
      return noChange;
    }
    // The common run at each end stays as it is (an append, a removal: all but a few nodes).
    let start = 0;
    let oldEnd = old.length;
    let newEnd = nodes.length;
    while (start < oldEnd && start < newEnd && old[start] === nodes[start]) start++;
    while (oldEnd > start && newEnd > start && old[oldEnd - 1] === nodes[newEnd - 1]) {
      oldEnd--;
      newEnd--;
    }
    if (start === oldEnd && start === newEnd) return noChange;
    const at = new Map<Node, number>();
    for (let i = start; i < oldEnd; i++) at.set(old[i], i);
    const sources = new Array<number>(newEnd - start);
    for (let i = start; i < newEnd; i++) {
      const n = nodes[i];
      const was = at.get(n);
      // Still where the last render put it: a candidate to stay.
      sources[i - start] = was !== undefined && n.parentNode === parent ? was : -1;
      at.delete(n);
    }
    for (const gone of at.keys()) if (gone.parentNode === parent) parent.removeChild(gone);
    const stays = longestIncreasing(sources);
    // From the end of the window: each node that moves goes before the one after it.
    let next = newEnd < nodes.length ? nodes[newEnd] : end;
    for (let i = newEnd - 1; i >= start; i--) {
      const n = nodes[i];
      if (!stays[i - start]) place(parent, n, next);
      next = n;
    }
    return noChange;
  }
}

/** Shows `nodes` (in order, each node itself) in this child position. */
export const keyedNodes = directive(KeyedNodes);

type Movable = Node & { moveBefore?(node: Node, child: Node | null): void };

/**
 * Puts `node` before `next`. A node already on the page moves with `moveBefore` where the browser
 * has it: a frame is not reloaded, media keeps playing, focus stays (`insertBefore` takes the node
 * out of the page first).
 */
function place(parent: Movable, node: Node, next: Node | null): void {
  if (parent.moveBefore && node.isConnected) {
    try {
      parent.moveBefore(node, next);
      return;
    } catch {
      // Not movable that way (another root, say): a plain insertion below.
    }
  }
  parent.insertBefore(node, next);
}

function fragmentOf(nodes: readonly Node[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const n of nodes) fragment.appendChild(n);
  return fragment;
}

/**
 * Which entries of `sources` (old positions; -1: new) form a longest strictly increasing run: the
 * nodes that can stay while the others move around them. O(n log n).
 */
function longestIncreasing(sources: readonly number[]): Uint8Array {
  const n = sources.length;
  const stays = new Uint8Array(n);
  /** tails[k]: the index ending the best run of length k + 1 found so far. */
  const tails: number[] = [];
  const before = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const s = sources[i];
    if (s < 0) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sources[tails[mid]] < s) lo = mid + 1;
      else hi = mid;
    }
    before[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  }
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = before[i]) stays[i] = 1;
  return stays;
}
