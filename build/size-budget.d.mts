/** Types of size-budget.mjs (read by the bench). */
export declare const FIRST_LOAD_BUDGET: number;
export declare const FIRST_LOAD_TARGET: number;
