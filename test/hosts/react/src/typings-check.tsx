// Type-checked by `tsc -b`, never bundled: the JSX typings are real, not `any`.
import { A2uiStore } from 'a2ui-elements'
import type {} from 'a2ui-elements/react'

const store = new A2uiStore()

export const checks = [
  <a2ui-surface store={store} surface-id="main" theme="dark" ona2ui-action={(e) => e.detail.action.name.toUpperCase()} />,
  <a2ui-inspector store={store} view="data" />,
  // @ts-expect-error `store` is an A2uiStore, not a string
  <a2ui-surface store="main" />,
  // @ts-expect-error the action detail has no `foo`
  <a2ui-surface ona2ui-action={(e) => e.detail.foo} />,
  // @ts-expect-error `theme` is 'light' or 'dark'
  <a2ui-surface theme="blue" />,
]
