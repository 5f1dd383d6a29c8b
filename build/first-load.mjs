// Keeps the script-tag file self-contained when it has lazily imported parts (SPLIT in
// vite.config.mjs): every module the entry reaches through static imports stays in the entry
// chunk. Left alone, Rolldown may move modules the entry shares with a lazy file into common
// chunks the entry then imports statically (a second request before anything runs). After the
// module graph is built, the entry's static closure is named as one code-splitting group under
// the entry's own name, which Rolldown merges into the entry chunk.

/**
 * `name`: the entry chunk's name (`a2ui-elements`). `shared`: modules only lazily imported files
 * use, but several of them (small helpers): kept in the entry chunk too, which the split files
 * import from, rather than in a common chunk of their own (a third file; selfContained refuses it).
 * `first`: lazily imported modules, by the name of their chunk, whose file is always there before
 * the other split files that share modules with it are loaded (the schema validator before its
 * explanations): what they share goes into its file, which the others import, rather than into a
 * common chunk.
 */
export function firstLoadInEntry(name, shared = [], first = {}) {
  let firstLoad = new Set();
  const pieces = new Map(Object.keys(first).map((id) => [id, new Set()]));
  return {
    name: 'a2ui-first-load-in-entry',
    buildEnd() {
      const closure = (ids, into, skip = new Set()) => {
        const visit = (id) => {
          if (into.has(id) || skip.has(id)) return;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        ids.forEach(visit);
      };
      firstLoad = new Set();
      closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry), firstLoad);
      closure(shared, firstLoad);
      for (const [id, piece] of pieces) {
        piece.clear();
        closure([id], piece, firstLoad);
      }
    },
    outputOptions(options) {
      const groups = [{ name, test: (id) => firstLoad.has(id) }];
      for (const [id, piece] of pieces) groups.push({ name: first[id], test: (m) => piece.has(m) });
      return { ...options, codeSplitting: { groups } };
    },
  };
}
