/**
 * The SDK accessor pattern for extension metadata (spec "Extensions › SDK Accessor Pattern"):
 * a read-only snapshot, validated setters, and change notification. Surfaces and component
 * nodes share it.
 */
import { Signal } from 'signal-polyfill';
import type { A2uiMetadata } from './component.ts';
import { ValidationError } from './errors.ts';
import { isIdentifier } from './identifiers.ts';
import { deepEqual, isObject } from './json.ts';

/** Checks an `extensions` map: UAX #31 keys only. Throws {@link ValidationError}. */
export function checkMetadata(metadata: unknown, path = '/metadata'): A2uiMetadata | undefined {
  if (metadata === undefined) return undefined;
  if (!isObject(metadata)) throw new ValidationError('metadata must be an object', { path });
  for (const key of Object.keys(metadata)) {
    if (key !== 'extensions') throw new ValidationError(`metadata may only hold 'extensions', not '${key}'`, { path: `${path}/${key}` });
  }
  if (metadata.extensions === undefined) return {};
  if (!isObject(metadata.extensions)) throw new ValidationError('metadata.extensions must be an object', { path: `${path}/extensions` });
  for (const key of Object.keys(metadata.extensions)) {
    if (!isIdentifier(key)) {
      throw new ValidationError(`Extension key '${key}' is not a UAX #31 identifier`, { path: `${path}/extensions/${key}` });
    }
  }
  return structuredClone(metadata) as A2uiMetadata;
}

/** Holds metadata with the accessor pattern. */
export class MetadataHolder {
  private readonly meta: Signal.State<A2uiMetadata | undefined>;
  private readonly listeners = new Set<(m: A2uiMetadata | undefined) => void>();

  constructor(initial?: A2uiMetadata) {
    this.meta = new Signal.State(initial ? Object.freeze(structuredClone(initial)) : undefined);
  }

  /** Read-only snapshot (reactive). */
  get metadata(): Readonly<A2uiMetadata> | undefined {
    return this.meta.get();
  }

  /** Convenience view of `metadata.extensions`. */
  get extensions(): Readonly<Record<string, unknown>> | undefined {
    return this.meta.get()?.extensions;
  }

  /** Validates, stores a defensive copy, and notifies when the value changes. Equal values are a no-op. */
  setMetadata(metadata: A2uiMetadata | undefined): void {
    const checked = metadata === undefined ? undefined : checkMetadata(metadata);
    if (deepEqual(checked, this.meta.get())) return;
    const frozen = checked ? Object.freeze(checked) : undefined;
    this.meta.set(frozen);
    for (const l of [...this.listeners]) l(frozen);
  }

  /** Sets one extension key. */
  setExtension(key: string, value: unknown): void {
    this.setMetadata({ ...this.meta.get(), extensions: { ...this.meta.get()?.extensions, [key]: value } });
  }

  /** Removes one extension key; removing the last key clears metadata entirely. */
  removeExtension(key: string): void {
    const ext = { ...this.meta.get()?.extensions };
    if (!Object.hasOwn(ext, key)) return;
    delete ext[key];
    this.setMetadata(Object.keys(ext).length ? { ...this.meta.get(), extensions: ext } : undefined);
  }

  /** Fires whenever metadata changes. Returns the unsubscribe. */
  onMetadataChanged(listener: (metadata: A2uiMetadata | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
