/**
 * What assistive technology is told, read through the DevTools protocol (the `ax-tree` server
 * command of web-test-runner.config.mjs): the accessibility tree Chromium hands to screen readers.
 * Not a test file itself.
 */
import { executeServerCommand } from '@web/test-runner-commands';

/** One node of the accessibility tree (ignored nodes are left out). */
export interface AxNode {
  role: string;
  name: string;
  description: string;
  /** Its static text descendants, joined. */
  text: string;
  depth: number;
  props: Record<string, unknown>;
}

/** The page's accessibility tree, in tree order. */
export const axTree = (): Promise<AxNode[]> => executeServerCommand<AxNode[], undefined>('ax-tree');

/** The node that has focus, as assistive technology is told. */
export async function axFocused(): Promise<AxNode | undefined> {
  // The document is `focused` too while the page has focus: the innermost focused node is the one.
  return (await axTree()).filter((n) => n.props.focused === true).pop();
}

/** The text of the polite live regions (`role="status"` and the like). */
export async function axPolite(): Promise<string[]> {
  return (await axTree()).filter((n) => n.role === 'status' && n.props.live === 'polite').map((n) => n.text);
}
