/**
 * A reactive evaluation of one dynamic value (a component property, a check, a label).
 *
 * Reading `value` inside a Lit render (or any computation) tracks exactly the data paths the
 * expression read. An async result (an agent function, an async renderer function) leaves the
 * binding pending and keeps showing the previous value; when a newer evaluation starts before an
 * older one settles, the older answer is dropped when it arrives (latest wins). A failure resolves
 * to `null` and is reported once until the binding recovers.
 */
import { Signal } from 'signal-polyfill';
import { asA2uiError, type A2uiError, ExpressionError } from './errors.ts';
import { isThenable, type DataContext, type EvalOptions } from './evaluate.ts';

type Outcome = { kind: 'value'; value: unknown } | { kind: 'error'; error: A2uiError } | { kind: 'pending'; token: object };

/**
 * A reactive evaluation of one dynamic value (a component property, a check, a label).
 *
 * Reading `value` inside a Lit render (or any computation) tracks exactly the data paths the
 * expression read. An async result (an agent function, an async renderer function) leaves the
 * binding pending and keeps showing the previous value; when a newer evaluation starts before an
 * older one settles, the older answer is dropped when it arrives (latest wins). A failure resolves
 * to `null` and is reported once until the binding recovers.
 */
export class Binding {
  private readonly outcome: Signal.Computed<Outcome>;
  /** The answer of an async evaluation; made by the first one (most bindings are synchronous, and
   * every signal costs an entry in signal-polyfill's brand WeakSets until the next full GC). */
  private settled: Signal.State<{ token: object; value: unknown; error?: A2uiError } | undefined> | undefined;
  private readonly current: Signal.Computed<unknown>;
  private previous: unknown = undefined;
  private latest: object | undefined;
  private reported: string | undefined;

  constructor(
    readonly context: DataContext,
    readonly expression: unknown,
    private readonly options: EvalOptions & { onError?: (error: A2uiError) => void } = {},
  ) {
    this.outcome = new Signal.Computed(() => this.evaluate());
    this.current = new Signal.Computed(() => {
      const o = this.outcome.get();
      if (o.kind === 'value') return (this.previous = o.value);
      if (o.kind === 'error') return (this.previous = null);
      const s = this.settled?.get();
      if (s?.token === o.token) return (this.previous = s.error ? null : s.value);
      return this.previous;
    });
  }

  /** The resolved value (reactive). `null` after a failure; the previous value while pending. */
  get value(): unknown {
    return this.current.get();
  }

  /** True while an async evaluation is in flight (reactive). */
  get pending(): boolean {
    const o = this.outcome.get();
    return o.kind === 'pending' && this.settled?.get()?.token !== o.token;
  }

  /** The failure of the latest evaluation, if any (reactive). */
  get error(): A2uiError | undefined {
    const o = this.outcome.get();
    if (o.kind !== 'pending') return o.kind === 'error' ? o.error : undefined;
    const s = this.settled?.get();
    return s?.token === o.token ? s.error : undefined;
  }

  private evaluate(): Outcome {
    let result: unknown;
    try {
      result = this.context.evaluate(this.expression, this.options);
    } catch (e) {
      this.latest = undefined;
      return { kind: 'error', error: this.fail(e) };
    }
    if (!isThenable(result)) {
      this.latest = undefined;
      this.reported = undefined;
      return { kind: 'value', value: result };
    }
    const token = {};
    this.latest = token;
    this.settled ??= new Signal.State<{ token: object; value: unknown; error?: A2uiError } | undefined>(undefined);
    Promise.resolve(result).then(
      (value) => {
        this.reported = undefined;
        this.settle({ token, value });
      },
      (e) => this.settle({ token, value: null, error: this.fail(e) }),
    );
    return { kind: 'pending', token };
  }

  /** Publishes an async answer unless a newer evaluation has started since (latest wins). */
  private settle(s: { token: object; value: unknown; error?: A2uiError }): void {
    if (this.latest === s.token) this.settled?.set(s);
  }

  private fail(e: unknown): A2uiError {
    const base = asA2uiError(e, (message) => new ExpressionError(message));
    // In content, every failure is an expression error; a routed call keeps its functionCallId.
    const error =
      base.code === 'EXPRESSION_ERROR'
        ? base
        : new ExpressionError(base.message, { surfaceId: this.context.surface?.id, functionCallId: base.where.functionCallId });
    const key = `${error.code}:${error.message}`;
    if (this.reported !== key) {
      this.reported = key;
      this.options.onError?.(error);
    }
    return error;
  }
}
