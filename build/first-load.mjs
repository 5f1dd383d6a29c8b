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
 */
export function firstLoadInEntry(name, shared = []) {
  let firstLoad = new Set();
  return {
    name: 'a2ui-first-load-in-entry',
    buildEnd() {
      const closure = (ids, into) => {
        const visit = (id) => {
          if (into.has(id)) return;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        ids.forEach(visit);
      };
      firstLoad = new Set();
      closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry), firstLoad);
      closure(shared, firstLoad);
    },
    outputOptions(options) {
      return { ...options, codeSplitting: { groups: [{ name, test: (id) => firstLoad.has(id) }] } };
    },
  };
}
