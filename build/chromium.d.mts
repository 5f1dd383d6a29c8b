// Types of build/chromium.mjs for the TypeScript callers (bench/).
import type { Browser, Page, ElementHandle, Viewport } from 'puppeteer-core';

export const CHROMIUM: string;
export const CHROMIUM_FLAGS: readonly string[];
export const CHROMIUM_RUNNER_FLAGS: readonly string[];
export function launchChromium(options?: { flags?: readonly string[]; viewport?: Viewport }): Promise<Browser>;
export function checkRunner(label: string): { check(name: string, fn: () => unknown): Promise<void>; done(): never };
export function expect(cond: unknown, message: string): asserts cond;
export function deep(page: Page, host: string, selector: string, timeout?: number): Promise<ElementHandle>;
