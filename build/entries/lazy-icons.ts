/** `dist/a2ui-icons.js`: the Icon path table, fetched by the script-tag file with the first named icon. */
export * from '../../elements/icons.ts';
