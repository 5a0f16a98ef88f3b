import type { Plugin, Rollup } from 'vite';

/**
 * Module preloads for what a lazy import does not already have. Vite's loader adds a
 * `<link rel="modulepreload">` for every script a lazily loaded screen needs, also those the
 * importing chunk itself imported statically, which are all loaded by the time the import runs.
 * Each link costs the main thread a few milliseconds on a phone, and the home's screen asked for
 * nineteen such links in the middle of taking the drawn page over (issue 47). `resolveDependencies`
 * keeps only the scripts outside the importing chunk's static imports; it reads the bundle this
 * plugin captures as the bundle is written, before Vite resolves the preloads.
 */
export function preloadNewOnly(): { plugin: Plugin; resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[] } {
  let bundle: Rollup.OutputBundle | undefined;
  const loadedWith = new Map<string, Set<string>>();
  const staticImportsOf = (fileName: string): Set<string> => {
    const known = loadedWith.get(fileName);
    if (known) return known;
    const seen = new Set<string>();
    const visit = (name: string) => {
      const chunk = bundle?.[name];
      if (seen.has(name) || chunk?.type !== 'chunk') return;
      seen.add(name);
      for (const imported of chunk.imports) visit(imported);
    };
    visit(fileName);
    loadedWith.set(fileName, seen);
    return seen;
  };
  return {
    plugin: {
      name: 'preload-new-only',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedWith.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      if (!bundle) return deps;
      const loaded = staticImportsOf(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
