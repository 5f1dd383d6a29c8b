/**
 * Strongly connected components by Tarjan's algorithm, iterative so that long chains cannot
 * overflow the call stack. Only nodes reachable from `roots` are visited.
 *
 * @returns the component id of every node, or -1 for nodes not reached.
 */
export function stronglyConnected(
  count: number,
  successors: (v: number) => readonly number[],
  roots: Iterable<number>,
): Int32Array {
  const index = new Int32Array(count).fill(-1);
  const low = new Int32Array(count);
  const comp = new Int32Array(count).fill(-1);
  const onStack = new Uint8Array(count);
  const stack: number[] = [];
  const work: { v: number; succ: readonly number[]; k: number }[] = [];
  let nextIndex = 0;
  let compCount = 0;

  const open = (v: number): void => {
    index[v] = low[v] = nextIndex++;
    stack.push(v);
    onStack[v] = 1;
    work.push({ v, succ: successors(v), k: 0 });
  };

  for (const root of roots) {
    if (index[root] !== -1) continue;
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.k < frame.succ.length) {
        const w = frame.succ[frame.k++]!;
        if (index[w] === -1) open(w);
        else if (onStack[w]) low[frame.v] = Math.min(low[frame.v]!, index[w]!);
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low[parent.v] = Math.min(low[parent.v]!, low[frame.v]!);
      if (low[frame.v] === index[frame.v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = compCount;
        } while (w !== frame.v);
        compCount++;
      }
    }
  }
  return comp;
}
