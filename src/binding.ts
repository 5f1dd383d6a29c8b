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
 *
 * Signals: a property binding starts with one computed that evaluates and holds the value (nearly
 * every evaluation is synchronous: a `{"@path"}`, a `formatString` of paths). Its evaluation moves
 * to a second computed, the outcome, for good when an answer first comes as a promise (the outcome
 * runs it once more; agent calls in flight with the same arguments are shared, so nothing is sent
 * twice) or when someone reads `pending` or `error`, whose changes must reach their readers even
 * when the value stays. A check binding has the outcome from the start.
 */
export class Binding {
  /** The evaluation with its status, once it needs one (see the class doc); never for a plain `{"@path"}`. */
  private outcome: Signal.Computed<Outcome> | undefined;
  /** The answer of an async evaluation; made by the first one (most bindings are synchronous, and
   * every signal costs an entry in signal-polyfill's brand WeakSets until the next full GC). */
  private settled: Signal.State<{ token: object; value: unknown; error?: A2uiError } | undefined> | undefined;
  /** The computed that holds {@link value}, for a reader that watches it itself (a Text's words). */
  readonly signal: Signal.Computed<unknown>;
  private readonly plain: boolean;
  private previous: unknown = undefined;
  private latest: object | undefined;
  private reported: string | undefined;
  /** The failure of the last evaluation made without the outcome (its `error`; it changes only with the value). */
  private failed: A2uiError | undefined;

  constructor(
    readonly context: DataContext,
    readonly expression: unknown,
    private readonly options: EvalOptions & { onError?: (error: A2uiError) => void } = {},
  ) {
    const path = options.kind === 'check' ? undefined : plainPath(expression);
    this.plain = path !== undefined;
    if (path !== undefined) {
      // The most common binding: a synchronous read, one computed (no outcome to keep apart).
      this.signal = new Signal.Computed(() => this.read(path));
      return;
    }
    if (options.kind === 'check') this.withOutcome();
    this.signal = new Signal.Computed(() => (this.outcome ? this.follow(this.outcome) : this.direct()));
  }

  /** The resolved value (reactive). `null` after a failure; the previous value while pending. */
  get value(): unknown {
    return this.signal.get();
  }

  /** True while an async evaluation is in flight (reactive). */
  get pending(): boolean {
    if (this.plain) return false;
    const o = this.withOutcome().get();
    return o.kind === 'pending' && this.settled?.get()?.token !== o.token;
  }

  /** The failure of the latest evaluation, if any (reactive). */
  get error(): A2uiError | undefined {
    if (this.plain) {
      this.signal.get();
      return this.failed;
    }
    const o = this.withOutcome().get();
    if (o.kind !== 'pending') return o.kind === 'error' ? o.error : undefined;
    const s = this.settled?.get();
    return s?.token === o.token ? s.error : undefined;
  }

  private withOutcome(): Signal.Computed<Outcome> {
    return (this.outcome ??= new Signal.Computed(() => this.evaluate()));
  }

  /** The value from the outcome: the previous value while an answer is awaited. */
  private follow(outcome: Signal.Computed<Outcome>): unknown {
    const o = outcome.get();
    if (o.kind === 'value') return (this.previous = o.value);
    if (o.kind === 'error') return (this.previous = null);
    const s = this.settled?.get();
    if (s?.token === o.token) return (this.previous = s.error ? null : s.value);
    return this.previous;
  }

  /** Evaluates in `signal` itself, while every answer has been synchronous. */
  private direct(): unknown {
    let result: unknown;
    try {
      result = this.context.evaluate(this.expression, this.options);
    } catch (e) {
      this.failed = this.fail(e);
      return (this.previous = null);
    }
    this.failed = undefined;
    if (!isThenable(result)) {
      this.reported = undefined;
      return (this.previous = result);
    }
    // The outcome evaluates again and owns the answer; this promise is only kept from going unhandled.
    Promise.resolve(result).catch(() => {});
    return this.follow(this.withOutcome());
  }

  /** A plain path binding's value: `null` (reported once) when the path cannot be read. */
  private read(path: string): unknown {
    try {
      const value = this.context.read(path);
      this.reported = this.failed = undefined;
      return value;
    } catch (e) {
      this.failed = this.fail(e);
      return null;
    }
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

/** The pointer of a `{"@path": "…"}` binding with nothing else in it, else undefined. */
export function plainPath(expression: unknown): string | undefined {
  if (expression === null || typeof expression !== 'object' || Array.isArray(expression)) return undefined;
  const path = (expression as Record<string, unknown>)['@path'];
  if (typeof path !== 'string') return undefined;
  // One own key (counted, not listed: no array per binding).
  let keys = 0;
  for (const k in expression) if (Object.hasOwn(expression, k) && ++keys > 1) return undefined;
  return keys === 1 ? path : undefined;
}
