// The shape a translation must have (docs/architecture.md#languages): the English texts object with every string
// widened to `string` and every function kept with its parameters, so a missing or extra key, a list of another
// length or a function taking other arguments fails the typecheck.

export type Catalogue<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : T extends (...args: infer A) => infer R
      ? (...args: A) => R extends string ? string : R
      : T extends object
        ? { readonly [K in keyof T]: Catalogue<T[K]> }
        : T;
