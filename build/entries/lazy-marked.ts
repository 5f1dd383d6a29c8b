/** `dist/a2ui-marked.js`: the `marked` package, fetched by the script-tag file on first markdown. */
export * from 'marked';
